package io.bindery.commons.errors;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ErrorMappersTest {

    /** A body read that fails because the caller hung up is a 400 logged at debug, not a 500 logged as an error. */
    @Test
    void aClientClosingItsConnectionIsNoInternalError() {
        ErrorMappers mappers = new ErrorMappers();
        assertEquals(400, mappers.unexpected(new IOException(new ClosedChannelException())).getStatus());
        assertEquals(400, mappers.unexpected(new IllegalStateException(new IOException(new ClosedChannelException())))
                .getStatus());
        assertEquals(500, mappers.unexpected(new IllegalStateException("a bug")).getStatus());
        assertEquals(500, mappers.unexpected(new IOException("disk full")).getStatus());
    }
}
