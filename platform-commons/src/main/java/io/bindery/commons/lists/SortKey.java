package io.bindery.commons.lists;

import java.time.Instant;
import java.util.function.Function;

/**
 * One sort key of a keyset list: the column (SQL or HQL, as the list's query is written), how a row gives its
 * value for the cursor, and how a cursor's text becomes the value bound against the column again.
 */
public record SortKey<R>(String column, Function<R, ?> value, Function<String, Object> parse) {
    public static <R> SortKey<R> instant(String column, Function<R, Instant> value) {
        return new SortKey<>(column, value, Instant::parse);
    }

    public static <R> SortKey<R> text(String column, Function<R, String> value) {
        return new SortKey<>(column, value, s -> s);
    }

    /** A {@code double} column (positions); the cursor holds {@link Double#toString}. */
    public static <R> SortKey<R> number(String column, Function<R, Double> value) {
        return new SortKey<>(column, value, Double::parseDouble);
    }
}
