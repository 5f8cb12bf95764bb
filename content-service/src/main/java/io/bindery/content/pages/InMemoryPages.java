package io.bindery.content.pages;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.PageCursor;

import java.util.List;

/** Pages of a list that is already in memory (files, links and search hits of one revision): offset cursors. */
public final class InMemoryPages {
    private InMemoryPages() {
    }

    /** Where one page of a list of {@code size} items starts and ends, and the cursor of the next one. */
    public record Window(int from, int to, ListPage.Next next) {
    }

    public static <T> ListPage<T> slice(List<T> all, String limit, String page) {
        Window w = window(all.size(), limit, page);
        return new ListPage<>(all.subList(w.from(), w.to()), all.size(), w.next());
    }

    public static Window window(int size, String limit, String page) {
        int n = Limits.parse(limit);
        int offset = 0;
        if (page != null && !page.isEmpty()) {
            try {
                offset = Integer.parseInt(PageCursor.decode(page, 1).get(0));
            } catch (NumberFormatException e) {
                throw ApiException.badRequest("page: not a cursor of this list");
            }
            if (offset < 0) {
                throw ApiException.badRequest("page: not a cursor of this list");
            }
        }
        int from = Math.min(offset, size);
        int to = (int) Math.min((long) from + n, size);
        ListPage.Next next = to < size ? new ListPage.Next(PageCursor.encode(List.of(String.valueOf(to)))) : null;
        return new Window(from, to, next);
    }
}
