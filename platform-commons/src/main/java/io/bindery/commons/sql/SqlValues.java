package io.bindery.commons.sql;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Values of native query rows, whose Java types are the driver's and Hibernate's choice, not the entity's: a
 * {@code timestamptz} column comes back as an {@link Instant}, an {@link OffsetDateTime} or a {@link java.sql.Timestamp}
 * depending on the query and the Hibernate version, so every store reads it through here.
 */
public final class SqlValues {
    private SqlValues() {
    }

    /** A timestamp column of a native scalar row (null stays null). */
    public static Instant instant(Object value) {
        if (value == null || value instanceof Instant) {
            return (Instant) value;
        }
        if (value instanceof OffsetDateTime o) {
            return o.toInstant();
        }
        if (value instanceof java.sql.Timestamp t) {
            return t.toInstant();
        }
        throw new IllegalStateException("unexpected timestamp type " + value.getClass());
    }

    /**
     * Each row paired with its entity, found by the id in the row's first column, in the rows' order; a row whose
     * entity is gone (deleted since the rows were read) is left out. For a keyset page of (id, sort key, columns…) read
     * in one native statement, its entities then loaded in a second by id: a native KeysetPage query gives an entity
     * or columns, not both. {@code load} is not called for no rows ("IN ()" is not SQL).
     */
    public static <E, V> List<V> pairByFirstColumn(List<Object[]> rows, Function<List<String>, List<E>> load,
                                                   Function<E, String> idOf, BiFunction<E, Object[], V> pair) {
        if (rows.isEmpty()) {
            return List.of();
        }
        Map<String, E> byId = new HashMap<>();
        load.apply(rows.stream().map(r -> (String) r[0]).toList()).forEach(e -> byId.put(idOf.apply(e), e));
        return rows.stream().filter(r -> byId.containsKey((String) r[0]))
                .map(r -> pair.apply(byId.get((String) r[0]), r)).toList();
    }
}
