package io.bindery.content;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** For the plain unit tests of request records: JSON text in, the 400 (or other) status and message out. */
public final class RequestAssertions {
    private static final ObjectMapper JSON = new ObjectMapper();

    private RequestAssertions() {
    }

    public static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    public static void rejects(int status, String message, Executable parse) {
        ApiException e = assertThrows(ApiException.class, parse);
        assertEquals(status, e.status(), e.getMessage());
        assertEquals(message, e.getMessage());
    }
}
