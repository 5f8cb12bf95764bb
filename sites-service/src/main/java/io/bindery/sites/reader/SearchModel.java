package io.bindery.sites.reader;

import java.util.ArrayList;
import java.util.List;

/**
 * What the reader's search results page shows: the query, each matching page at its published address, or why none;
 * in the site's theme, as its pages (a site whose theme fixes light or dark shows its results in that mode too).
 */
public record SearchModel(String siteTitle, String homeUrl, String cssUrl, String searchUrl, ReaderTheme theme, String query,
                          List<Result> results, String message) {

    /** The site's theme stylesheet (its accent colours), after the reader's own, as on its pages. */
    public String themeCssUrl() {
        return theme.cssUrl(homeUrl);
    }

    /** The reader's script (the visitor's light/dark choice, search as you type), beside the stylesheet. */
    public String scriptUrl() {
        return cssUrl.replace("reader.css", "reader.js");
    }

    /** The site's icon, beside the stylesheet. */
    public String iconUrl() {
        return cssUrl.replace("reader.css", "favicon.svg");
    }

    /** A matching page: its title and address, the site space it is in, its best section and a snippet. */
    public record Result(String title, String url, String space, String section, List<Fragment> snippet) {
    }

    /** A piece of a snippet: matched words are {@code marked}. The template escapes each piece. */
    public record Fragment(String text, boolean marked) {
    }

    /**
     * Content marks the matched words of a snippet with {@code <mark>…</mark>} and escapes nothing else: the snippet
     * is cut into text pieces here so that the template escapes all of the text and writes only its own mark tags.
     */
    static List<Fragment> snippet(String body) {
        List<Fragment> out = new ArrayList<>();
        if (body == null) {
            return out;
        }
        int at = 0;
        while (at < body.length()) {
            int open = body.indexOf("<mark>", at);
            if (open < 0) {
                out.add(new Fragment(body.substring(at), false));
                break;
            }
            if (open > at) {
                out.add(new Fragment(body.substring(at, open), false));
            }
            int close = body.indexOf("</mark>", open + 6);
            int end = close < 0 ? body.length() : close;
            out.add(new Fragment(body.substring(open + 6, end), true));
            at = close < 0 ? body.length() : close + 7;
        }
        return out;
    }
}
