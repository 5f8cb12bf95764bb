package io.bindery.commons.web;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InputGuardTest {
    @Test
    void cleanPathsAndQueriesPass() {
        assertTrue(InputGuard.isCleanText("/v1/spaces/abc", false));
        assertTrue(InputGuard.isCleanText("/v1/spaces/caf%C3%A9", false));
        assertTrue(InputGuard.isCleanText("query=a+b&limit=10", true));
        assertTrue(InputGuard.isCleanText("query=%E6%96%87%E6%A1%A3", true));
        assertTrue(InputGuard.isCleanText("query=%F0%9F%93%9A", true));
    }

    @Test
    void nulAndBrokenEscapesAndNonUtf8AreRefused() {
        assertFalse(InputGuard.isCleanText("/v1/spaces/a%00b", false));
        assertFalse(InputGuard.isCleanText("/v1/spaces/a\0b", false));
        assertFalse(InputGuard.isCleanText("query=%00", true));
        assertFalse(InputGuard.isCleanText("query=%FF%FE", true));
        assertFalse(InputGuard.isCleanText("query=%C3", true));
        assertFalse(InputGuard.isCleanText("query=%ED%A0%80", true)); // an encoded surrogate
        assertFalse(InputGuard.isCleanText("query=%G1", true));
        assertFalse(InputGuard.isCleanText("query=%4", true));
        assertFalse(InputGuard.isCleanText("/v1/spaces/%", false));
    }
}
