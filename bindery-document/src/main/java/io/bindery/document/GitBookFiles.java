package io.bindery.document;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which file of GitBook's repository layout holds each page: the first top-level page is {@code README.md}, a page
 * without children {@code <dir><segment>.md}, one with children {@code <dir><segment>/README.md}, a group a folder
 * {@code <dir><segment>/}; a link page has no file. The segment is the last part of the page's path when it is a valid
 * slug, else the slug of its title; a taken name gets {@code -2}, {@code -3}, …. Paths are relative to the project
 * directory. Git Sync's export writes these files and the reader's "Edit on Git" links to them, so both use this one
 * rule.
 */
public final class GitBookFiles {
    public static final String README = "README.md";
    public static final String SUMMARY = "SUMMARY.md";

    public enum Kind {
        DOCUMENT, GROUP, LINK
    }

    /** A page of the tree: its id, kind, path (slugs joined by "/"), title and child pages in order. */
    public record Entry(String id, Kind kind, String path, String title, List<Entry> children) {
        public Entry {
            children = List.copyOf(children);
        }
    }

    private GitBookFiles() {
    }

    /** Each document page's file by page id. */
    public static Map<String, String> place(List<Entry> top) {
        return place(top, new HashSet<>());
    }

    /**
     * Each document page's file by page id; {@code used} holds the paths already taken (the export's assets), and
     * gains the ones placed here.
     */
    public static Map<String, String> place(List<Entry> top, Set<String> used) {
        Map<String, String> files = new LinkedHashMap<>();
        Entry readme = !top.isEmpty() && top.getFirst().kind() == Kind.DOCUMENT ? top.getFirst() : null;
        used.add(README);
        used.add(SUMMARY);
        place(top, "", readme, files, used);
        return files;
    }

    private static void place(List<Entry> pages, String dir, Entry readme, Map<String, String> files, Set<String> used) {
        for (Entry p : pages) {
            String segment = segment(p);
            switch (p.kind()) {
                case GROUP -> place(p.children(), unique(dir + segment, "", used) + "/", readme, files, used);
                case LINK -> {
                }
                case DOCUMENT -> {
                    if (p == readme) {
                        files.put(p.id(), README);
                        place(p.children(), dir, readme, files, used);
                    } else if (p.children().isEmpty()) {
                        files.put(p.id(), unique(dir + segment, ".md", used));
                    } else {
                        String sub = unique(dir + segment, "", used);
                        files.put(p.id(), sub + "/" + README);
                        place(p.children(), sub + "/", readme, files, used);
                    }
                }
            }
        }
    }

    private static String segment(Entry p) {
        String path = p.path();
        if (path != null && !path.isEmpty()) {
            String last = path.substring(path.lastIndexOf('/') + 1);
            if (Slugs.isValid(last)) {
                return last;
            }
        }
        return Slugs.of(p.title());
    }

    /** {@code base + suffix}, or with {@code -2}, {@code -3}, … before the suffix when that is taken. */
    public static String unique(String base, String suffix, Set<String> used) {
        String p = base + suffix;
        for (int n = 2; !used.add(p); n++) {
            p = base + "-" + n + suffix;
        }
        return p;
    }
}
