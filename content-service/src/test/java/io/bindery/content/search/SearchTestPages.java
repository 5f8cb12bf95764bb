package io.bindery.content.search;

import java.util.List;
import java.util.Map;

/** SearchTest's way of writing pages (a branch merged), for the tests of other packages. */
public final class SearchTestPages {
    private SearchTestPages() {
    }

    /** Writes the pages (title, markdown) on a new branch and merges it; the ids of the new pages, in order. */
    public static List<String> merged(String admin, String space, List<Map.Entry<String, String>> pages) {
        return SearchTest.merged(admin, space, pages.stream().map(p -> new SearchTest.Page(p.getKey(), p.getValue())).toList());
    }
}
