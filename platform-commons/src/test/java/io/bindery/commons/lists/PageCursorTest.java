package io.bindery.commons.lists;

import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PageCursorTest {
    @Test
    void roundTrips() {
        String c = PageCursor.encode(List.of("2026-11-21T10:00:00.000Z", "abc"));
        assertEquals(List.of("2026-11-21T10:00:00.000Z", "abc"), PageCursor.decode(c, 2));
    }

    @Test
    void refusesTamperedCursors() {
        String c = PageCursor.encode(List.of("a", "b"));
        String tampered = "X" + c.substring(1);
        ApiException e = assertThrows(ApiException.class, () -> PageCursor.decode(tampered, 2));
        assertEquals(400, e.status());
        assertThrows(ApiException.class, () -> PageCursor.decode(c, 3));
        assertThrows(ApiException.class, () -> PageCursor.decode("not-a-cursor", 2));
        assertThrows(ApiException.class, () -> PageCursor.decode("!!!.???", 2));
    }

    @Test
    void limitRule() {
        assertEquals(100, Limits.of(null));
        assertEquals(1000, Limits.of(1000));
        assertThrows(ApiException.class, () -> Limits.of(0));
        assertThrows(ApiException.class, () -> Limits.of(1001));
        assertEquals(100, Limits.parse(null));
        assertEquals(25, Limits.parse(" 25 "));
        assertEquals(400, assertThrows(ApiException.class, () -> Limits.parse("ten")).status());
        assertThrows(ApiException.class, () -> Limits.parse(""));
        assertThrows(ApiException.class, () -> Limits.parse("1001"));
    }
}
