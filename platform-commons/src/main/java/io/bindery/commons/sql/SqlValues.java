package io.bindery.commons.sql;

import java.time.Instant;
import java.time.OffsetDateTime;

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
}
