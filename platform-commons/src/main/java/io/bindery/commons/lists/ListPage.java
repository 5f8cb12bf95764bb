package io.bindery.commons.lists;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;
import java.util.function.Function;

/**
 * The list envelope: {@code {"items": [...], "count": N, "next": {"page": "<cursor>"}}}; {@code next}
 * only when a following page exists.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ListPage<T>(List<T> items, long count, Next next) {
    public record Next(String page) {
    }

    /**
     * Builds a page from a keyset query that fetched {@code limit + 1} rows: the extra row only tells
     * that a following page exists, and the cursor points after the last row shown.
     */
    public static <R, T> ListPage<T> of(List<R> rowsPlusOne, int limit, long count,
                                        Function<R, List<String>> cursorKey, Function<R, T> toItem) {
        boolean more = rowsPlusOne.size() > limit;
        List<R> rows = more ? rowsPlusOne.subList(0, limit) : rowsPlusOne;
        Next next = more ? new Next(PageCursor.encode(cursorKey.apply(rows.get(rows.size() - 1)))) : null;
        return new ListPage<>(rows.stream().map(toItem).toList(), count, next);
    }

    /** The same page with each item turned into what the list shows. */
    public <U> ListPage<U> map(Function<T, U> toItem) {
        return new ListPage<>(items.stream().map(toItem).toList(), count, next);
    }

    /** The same page with its items turned into what the list shows all together (one query for all of them). */
    public <U> ListPage<U> render(Function<List<T>, List<U>> toItems) {
        return new ListPage<>(toItems.apply(items), count, next);
    }
}
