package io.bindery.commons.errors;

import org.junit.jupiter.api.Test;

import java.sql.SQLException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StorageFailuresTest {
    @Test
    void dataExceptionsAreTheRequestsFault() {
        RuntimeException e = new RuntimeException("could not execute statement",
                new SQLException("invalid byte sequence for encoding \"UTF8\": 0x00", "22021"));
        assertEquals(400, StorageFailures.classify(e).orElseThrow().status());
        assertEquals(400, StorageFailures.classify(new SQLException("unsupported Unicode escape sequence", "22P05"))
                .orElseThrow().status());
    }

    @Test
    void anUnreachableDatabaseIsA503() {
        assertEquals(503, StorageFailures.classify(new IllegalStateException("x",
                new SQLException("Connection to 127.0.0.1:55432 refused", "08001"))).orElseThrow().status());
        assertEquals(503, StorageFailures.classify(new SQLException("Acquisition timeout while waiting for new connection"))
                .orElseThrow().status());
        assertEquals(503, StorageFailures.classify(new SQLException("terminating connection due to administrator command", "57P01"))
                .orElseThrow().status());
    }

    @Test
    void otherFailuresStayOurs() {
        assertTrue(StorageFailures.classify(new NullPointerException()).isEmpty());
        assertTrue(StorageFailures.classify(new SQLException("duplicate key", "23505")).isEmpty());
    }
}
