package io.bindery.commons.lists;

import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class KeysetTest {
    record Row(Instant at, String id, double position) {
    }

    static final Keyset<Row> OLDEST_FIRST = Keyset.ascending(SortKey.instant("t.created_at", Row::at), SortKey.text("t.id", Row::id));
    static final Keyset<Row> BY_POSITION = Keyset.ascending(SortKey.number("t.position", Row::position), SortKey.text("t.id", Row::id));
    static final Instant T = Instant.parse("2026-11-21T10:00:00.123456Z");

    @Test
    void firstPageHasNoCondition() {
        KeysetPage<Row> page = OLDEST_FIRST.page(null, 10);
        assertNull(page.after());
        assertEquals("", page.condition());
        assertEquals("t.created_at, t.id", OLDEST_FIRST.orderBy());
        assertEquals("t.created_at DESC, t.id DESC", OLDEST_FIRST.descending(true).orderBy());
    }

    @Test
    void conditionComparesRowValuesInTheListsDirection() {
        String cursor = PageCursor.encode(List.of(T.toString(), "abc"));
        KeysetPage<Row> asc = OLDEST_FIRST.page(cursor, 10);
        assertEquals(List.of(T, "abc"), asc.after());
        assertEquals(" AND (t.created_at, t.id) > (:keysetAfter0, :keysetAfter1)", asc.condition());
        assertEquals(" AND (t.created_at, t.id) < (:keysetAfter0, :keysetAfter1)",
                OLDEST_FIRST.descending(true).page(cursor, 10).condition());
        Keyset<String> byId = Keyset.ascending(SortKey.text("user_id", s -> s));
        assertEquals(" AND user_id > :keysetAfter0", byId.page(PageCursor.encode(List.of("u1")), 5).condition());
    }

    @Test
    void nextPointsAfterTheLastRowShown() {
        List<Row> rows = List.of(new Row(T, "a", 1), new Row(T, "b", 2), new Row(T, "c", 3));
        ListPage<Row> full = OLDEST_FIRST.page(null, 2).of(rows, 7);
        assertEquals(2, full.items().size());
        assertEquals(7, full.count());
        // the cursor of the time keys lists have always made (instant text, id): old cursors stay valid
        assertEquals(List.of(T.toString(), "b"), PageCursor.decode(full.next().page(), 2));
        assertEquals(List.of(T, "b"), OLDEST_FIRST.page(full.next().page(), 2).after());
        assertNull(OLDEST_FIRST.page(null, 3).of(rows, 3).next());
        ListPage<Row> byPosition = BY_POSITION.page(null, 1).of(rows, 3);
        assertEquals(List.of("1.0", "a"), PageCursor.decode(byPosition.next().page(), 2));
        assertEquals(List.of(1.0, "a"), BY_POSITION.page(byPosition.next().page(), 1).after());
    }

    @Test
    void refusesCursorsThatAreNotTheLists() {
        String oneValue = PageCursor.encode(List.of("abc"));
        String notATime = PageCursor.encode(List.of("yesterday", "abc"));
        String notANumber = PageCursor.encode(List.of("first", "abc"));
        for (String bad : List.of(oneValue, notATime, "", "x.y", PageCursor.encode(List.of(T.toString(), "a", "b")))) {
            ApiException e = assertThrows(ApiException.class, () -> OLDEST_FIRST.page(bad, 10));
            assertEquals(400, e.status());
            assertEquals("page: invalid page cursor", e.getMessage());
        }
        ApiException e = assertThrows(ApiException.class, () -> BY_POSITION.page(notANumber, 10));
        assertEquals("page: invalid page cursor", e.getMessage());
    }

    @Test
    void emptyPageIsTheFirstOnlyWhereAListSaysSo() {
        assertNull(Keyset.emptyAsFirst(""));
        assertNull(Keyset.emptyAsFirst(null));
        assertEquals("c", Keyset.emptyAsFirst("c"));
    }

    @Test
    void whereJoinsConditionsAndKeepsValuesOutOfTheText() {
        Where w = Where.of("t.org = :org", "org", "o1").and("t.deleted_at IS NULL").and("t.title = :title", "title", "x' OR 1=1");
        assertEquals("t.org = :org AND t.deleted_at IS NULL AND t.title = :title", w.text());
        assertEquals(List.of("org", "title"), List.copyOf(w.params().keySet()));
    }
}
