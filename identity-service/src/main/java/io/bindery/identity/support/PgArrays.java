package io.bindery.identity.support;

import java.util.Collection;

/** PostgreSQL array parameters. */
public final class PgArrays {
    private PgArrays() {
    }

    /**
     * A text[] literal of the values, each quoted so that it is taken literally: bound as one parameter
     * ({@code CAST(:p AS text[])}), a statement is planned once whatever the number of values.
     */
    public static String text(Collection<String> values) {
        StringBuilder out = new StringBuilder("{");
        for (String v : values) {
            if (out.length() > 1) {
                out.append(',');
            }
            out.append('"').append(v.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
        }
        return out.append('}').toString();
    }
}
