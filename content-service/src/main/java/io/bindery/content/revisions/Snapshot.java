package io.bindery.content.revisions;

import io.bindery.content.domain.PageVersion;
import io.bindery.content.domain.RevisionFile;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A revision as read back: its page tree (versions without markdown), files and header. Immutable, so one
 * snapshot per revision id can be shared by every request.
 */
public final class Snapshot {
    /** The revision row: id, lineage and layout of its manifest. */
    public record Header(String id, String spaceId, List<String> parents, String type, Instant createdAt,
                         String branchId, String mergedFrom, List<String> chunks) {
    }

    private static final Comparator<PageVersion> SIBLING_ORDER =
            Comparator.comparingDouble(PageVersion::position).thenComparing(PageVersion::pageId);

    private final Header header;
    private final Map<String, PageVersion> pages;
    private final Map<String, List<PageVersion>> children = new HashMap<>();
    private final Map<String, String> paths = new HashMap<>();
    private final Map<String, String> byPath = new HashMap<>();
    private final List<RevisionFile> files;
    private final Map<String, Integer> chunkOf;

    /** A snapshot whose manifest layout is unknown (not written from). */
    public Snapshot(Header header, Map<String, PageVersion> pages, List<RevisionFile> files) {
        this(header, pages, files, Map.of());
    }

    /** @param chunkOf which chunk of {@code header.chunks()} lists each page */
    public Snapshot(Header header, Map<String, PageVersion> pages, List<RevisionFile> files, Map<String, Integer> chunkOf) {
        this.header = header;
        this.chunkOf = Map.copyOf(chunkOf);
        this.pages = Map.copyOf(pages);
        this.files = List.copyOf(files);
        for (PageVersion p : pages.values()) {
            children.computeIfAbsent(key(p.parentId()), k -> new ArrayList<>()).add(p);
        }
        children.values().forEach(list -> list.sort(SIBLING_ORDER));
        index(null, "");
    }

    private void index(String parentId, String prefix) {
        for (PageVersion p : children(parentId)) {
            String path = prefix.isEmpty() ? p.slug() : prefix + "/" + p.slug();
            paths.put(p.pageId(), path);
            byPath.putIfAbsent(path, p.pageId());
            index(p.pageId(), path);
        }
    }

    private static String key(String parentId) {
        return parentId == null ? "" : parentId;
    }

    /** The index in {@code header().chunks()} of the chunk listing the page; null for a page not in this revision. */
    public Integer chunkOf(String pageId) {
        return chunkOf.get(pageId);
    }

    public Header header() {
        return header;
    }

    public String id() {
        return header.id();
    }

    public Map<String, PageVersion> pages() {
        return pages;
    }

    public Optional<PageVersion> page(String pageId) {
        return Optional.ofNullable(pageId == null ? null : pages.get(pageId));
    }

    /** Children of a page in order; the root pages for {@code null}. */
    public List<PageVersion> children(String parentId) {
        return children.getOrDefault(key(parentId), List.of());
    }

    /** The page's path: its slug after its ancestors' slugs, joined by "/". */
    public String path(String pageId) {
        return paths.get(pageId);
    }

    public Optional<PageVersion> byPath(String path) {
        String p = path == null ? "" : path.replaceAll("^/+|/+$", "");
        return page(byPath.get(p));
    }

    /** Where the page's markdown would live in a git-synced repository. */
    public String gitPath(String pageId) {
        String path = paths.get(pageId);
        return children(pageId).isEmpty() ? path + ".md" : path + "/README.md";
    }

    /** Every page, parents before children, siblings in order (the order of the table of contents). */
    public List<PageVersion> inTreeOrder() {
        List<PageVersion> out = new ArrayList<>(pages.size());
        for (PageVersion root : children(null)) {
            collect(root, out);
        }
        return out;
    }

    private void collect(PageVersion p, List<PageVersion> out) {
        out.add(p);
        for (PageVersion c : children(p.pageId())) {
            collect(c, out);
        }
    }

    /** Ancestors of a page, root first. */
    public List<PageVersion> ancestors(String pageId) {
        List<PageVersion> out = new ArrayList<>();
        PageVersion p = pages.get(pageId);
        while (p != null && p.parentId() != null && out.size() <= pages.size()) {
            p = pages.get(p.parentId());
            if (p != null) {
                out.add(0, p);
            }
        }
        return out;
    }

    public List<RevisionFile> files() {
        return files;
    }

    public Optional<RevisionFile> file(String fileId) {
        return files.stream().filter(f -> f.id().equals(fileId)).findFirst();
    }
}
