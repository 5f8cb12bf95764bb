package io.bindery.commons.sql;

import org.junit.jupiter.api.Test;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SqlValuesTest {
    record Entity(String id, String name) {
    }

    @Test
    void rowsArePairedWithTheirEntitiesInTheRowsOrderAndAGoneOneIsLeftOut() {
        List<Object[]> rows = List.of(new Object[]{"b", "x", "admin"}, new Object[]{"gone", "y", "read"},
                new Object[]{"a", "z", "edit"});
        List<List<String>> asked = new ArrayList<>();
        List<String> paired = SqlValues.pairByFirstColumn(rows, ids -> {
            asked.add(ids);
            return List.of(new Entity("a", "A"), new Entity("b", "B")); // any order, "gone" missing
        }, Entity::id, (e, r) -> e.name() + ":" + r[2]);
        assertEquals(List.of("B:admin", "A:edit"), paired);
        assertEquals(List.of(List.of("b", "gone", "a")), asked, "one load, of every row's id");
    }

    @Test
    void noRowsLoadNothing() {
        assertTrue(SqlValues.<Entity, String>pairByFirstColumn(List.of(), ids -> {
            throw new AssertionError("no query for no rows");
        }, Entity::id, (e, r) -> e.name()).isEmpty());
    }

    @Test
    void timestampsOfEveryDriverTypeAreInstants() {
        Instant at = Instant.parse("2026-11-28T10:15:30Z");
        assertEquals(at, SqlValues.instant(at));
        assertEquals(at, SqlValues.instant(OffsetDateTime.ofInstant(at, ZoneOffset.ofHours(2))));
        assertEquals(at, SqlValues.instant(Timestamp.from(at)));
        assertNull(SqlValues.instant(null));
        assertThrows(IllegalStateException.class, () -> SqlValues.instant("2026-11-28"));
    }
}
