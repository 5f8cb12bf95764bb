package io.bindery.commons.lists;

import io.bindery.commons.errors.ApiException;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The order of a keyset-paged list: its sort keys, the last one unique (the tie-breaker, usually the id), all
 * ascending or all descending, so that "after the cursor" is one row-value comparison an index can serve.
 */
public record Keyset<R>(List<SortKey<R>> keys, boolean descending) {
    public Keyset {
        keys = List.copyOf(keys);
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("a keyset needs at least one sort key");
        }
    }

    @SafeVarargs
    public static <R> Keyset<R> ascending(SortKey<R>... keys) {
        return new Keyset<>(List.of(keys), false);
    }

    @SafeVarargs
    public static <R> Keyset<R> descending(SortKey<R>... keys) {
        return new Keyset<>(List.of(keys), true);
    }

    /** The same keys in the direction a request asked for. */
    public Keyset<R> descending(boolean descending) {
        return new Keyset<>(keys, descending);
    }

    /**
     * The page after {@code cursor} (null: the first page) of {@code limit} rows. A cursor that is not one of
     * this list's is a 400 naming {@code page}, as every list answers.
     */
    public KeysetPage<R> page(String cursor, int limit) {
        if (cursor == null) {
            return new KeysetPage<>(this, limit, null);
        }
        List<String> texts = PageCursor.decode(cursor, keys.size());
        List<Object> after = new ArrayList<>(keys.size());
        try {
            for (int i = 0; i < keys.size(); i++) {
                after.add(keys.get(i).parse().apply(texts.get(i)));
            }
        } catch (RuntimeException e) {
            throw ApiException.badRequest(PageCursor.INVALID);
        }
        return new KeysetPage<>(this, limit, after);
    }

    /** Lists that take an empty {@code page} for the first page: theirs is null then. */
    public static String emptyAsFirst(String page) {
        return page == null || page.isEmpty() ? null : page;
    }

    public String orderBy() {
        String direction = descending ? " DESC" : "";
        return keys.stream().map(k -> k.column() + direction).collect(Collectors.joining(", "));
    }

    /** The cursor's values of a row: its sort keys as text. */
    List<String> cursorOf(R row) {
        return keys.stream().map(k -> String.valueOf(k.value().apply(row))).toList();
    }
}
