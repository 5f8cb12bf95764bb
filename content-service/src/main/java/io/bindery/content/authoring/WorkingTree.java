package io.bindery.content.authoring;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.ids.Ids;
import io.bindery.content.domain.PageVersion;
import io.bindery.document.Slugs;
import io.bindery.content.revisions.Snapshot;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A revision's page tree being edited: pages as mutable drafts, which of them changed, and the placement rules
 * (unique slugs among siblings, no cycles, fractional positions). Turned into page versions when the edit is done.
 */
public final class WorkingTree {
    /** One page while it is edited; {@code markdown} is null until it is set or loaded. */
    public static final class Draft {
        final String pageId;
        String kind;
        String parentId;
        double position;
        String title;
        String slug;
        String emoji;
        String icon;
        String description;
        boolean hidden;
        boolean noIndex;
        boolean noRobotsIndex;
        String href;
        String markdown;
        boolean markdownSet;
        final Instant createdAt;
        /** The version this draft started from; null for a new page. */
        final PageVersion base;

        Draft(PageVersion v) {
            this.pageId = v.pageId();
            this.kind = v.kind();
            this.parentId = v.parentId();
            this.position = v.position();
            this.title = v.title();
            this.slug = v.slug();
            this.emoji = v.emoji();
            this.icon = v.icon();
            this.description = v.description();
            this.hidden = v.hidden();
            this.noIndex = v.noIndex();
            this.noRobotsIndex = v.noRobotsIndex();
            this.href = v.href();
            this.markdown = v.markdown();
            this.createdAt = v.createdAt();
            this.base = v;
        }

        Draft(String pageId, Instant now) {
            this.pageId = pageId;
            this.kind = PageVersion.DOCUMENT;
            this.createdAt = now;
            this.base = null;
        }

        public String pageId() {
            return pageId;
        }

        public String parentId() {
            return parentId;
        }

        public String markdown() {
            return markdown;
        }

        public boolean markdownSet() {
            return markdownSet;
        }

        public void setMarkdown(String md) {
            this.markdown = md;
            this.markdownSet = true;
        }
    }

    /** Deeper trees are refused: readers recurse over the tree, and no table of contents is usable that deep. */
    public static final int MAX_DEPTH = 32;

    private static final Comparator<Draft> ORDER = Comparator.comparingDouble((Draft d) -> d.position).thenComparing(d -> d.pageId);

    private final Map<String, Draft> pages = new HashMap<>();
    private final Set<String> changed = new LinkedHashSet<>();
    private final Set<String> removed = new HashSet<>();
    private final Snapshot base;
    private final Instant now;

    public WorkingTree(Snapshot base, Instant now) {
        this.base = base;
        this.now = now;
        base.pages().values().forEach(v -> pages.put(v.pageId(), new Draft(v)));
    }

    public Draft get(String pageId) {
        return pageId == null ? null : pages.get(pageId);
    }

    public Draft require(String pageId, String field) {
        Draft d = get(pageId);
        if (d == null) {
            throw ApiException.badRequest(field + ": no page " + pageId + " in this content");
        }
        return d;
    }

    public Map<String, Draft> pages() {
        return pages;
    }

    public List<Draft> children(String parentId) {
        List<Draft> out = new ArrayList<>();
        for (Draft d : pages.values()) {
            if (Objects.equals(d.parentId, parentId)) {
                out.add(d);
            }
        }
        out.sort(ORDER);
        return out;
    }

    /** Marks a page as changed: it gets a new version. */
    public void touch(Draft d) {
        changed.add(d.pageId);
        reuse.remove(d.pageId);
    }

    public Set<String> changed() {
        return changed;
    }

    public Set<String> removed() {
        return removed;
    }

    public Draft insert(String parentId, Integer at, String title, String slug) {
        return insert(parentId, at, title, slug, PageVersion.DOCUMENT);
    }

    /** A new page of {@code kind} (document, group or link) with an empty body. */
    public Draft insert(String parentId, Integer at, String title, String slug, String kind) {
        if (depth(parentId) + 1 > MAX_DEPTH) {
            throw ApiException.badRequest("into: pages nest at most " + MAX_DEPTH + " levels deep");
        }
        requireFitsUnder(parentId, kind);
        Draft d = new Draft(Ids.newId(), now);
        d.kind = kind;
        d.title = title;
        d.slug = slug == null ? uniqueSlug(parentId, Slugs.of(title), null) : requireFreeSlug(parentId, slug, null);
        pages.put(d.pageId, d);
        place(d, parentId, at);
        touch(d);
        return d;
    }

    /** Sets the slug of a page, which must be free among its siblings. */
    public void setSlug(Draft d, String slug) {
        d.slug = requireFreeSlug(d.parentId, slug, d.pageId);
        touch(d);
    }

    /** Moves a page to another parent (or the root, {@code null}) and/or index among its new siblings. */
    public void move(Draft d, String parentId, boolean parentGiven, Integer at) {
        String target = parentGiven ? parentId : d.parentId;
        if (target != null) {
            for (Draft p = require(target, "into"); p != null; p = get(p.parentId)) {
                if (p.pageId.equals(d.pageId)) {
                    throw ApiException.badRequest("into: a page cannot move under itself or one of its own pages");
                }
            }
        }
        if (Objects.equals(target, d.parentId) && at == null) {
            return;
        }
        if (!Objects.equals(target, d.parentId)) {
            requireFitsUnder(target, d.kind);
            if (depth(target) + height(d) > MAX_DEPTH) {
                throw ApiException.badRequest("into: pages nest at most " + MAX_DEPTH + " levels deep");
            }
            requireFreeSlug(target, d.slug, d.pageId);
        }
        place(d, target, at);
        touch(d);
    }

    /**
     * Where GitBook's page types may sit, so that every tree has a table of contents (and a SUMMARY.md) to show: a
     * group heads pages at the top level only, and a link leads elsewhere, so nothing goes under it.
     */
    private void requireFitsUnder(String parentId, String kind) {
        Draft parent = get(parentId);
        if (parent != null && PageVersion.LINK.equals(parent.kind)) {
            throw ApiException.badRequest("into: page " + parentId + " is a link; a link has no pages under it");
        }
        if (parentId != null && PageVersion.GROUP.equals(kind)) {
            throw ApiException.badRequest("into: a group sits at the top level; it cannot go under a page");
        }
    }

    /** Checks that a page whose kind or place changed sits where its kind may ({@link #requireFitsUnder}). */
    public void requirePlaced(Draft d) {
        if (PageVersion.GROUP.equals(d.kind) && d.parentId != null) {
            throw ApiException.badRequest("type: a group sits at the top level; move it there (\"into\": null)");
        }
    }

    /**
     * Makes a page a document, a group or a link, keeping its id, place and children: a group or link has no text,
     * a link keeps only an href (the caller sets it); the caller checks its place ({@link #requirePlaced}) once it
     * has moved it where the batch says.
     */
    public void setKind(Draft d, String kind) {
        if (kind.equals(d.kind)) {
            return;
        }
        if (PageVersion.LINK.equals(kind) && !children(d.pageId).isEmpty()) {
            throw ApiException.badRequest("type: page " + d.pageId + " has pages under it; a link cannot");
        }
        d.kind = kind;
        if (!PageVersion.LINK.equals(kind)) {
            d.href = null;
        }
        if (!PageVersion.DOCUMENT.equals(kind)) {
            d.setMarkdown("");
        }
        touch(d);
    }

    /** How many levels a page is below the root (1 for a root page, 0 for the root itself). */
    private int depth(String pageId) {
        int depth = 0;
        for (Draft p = get(pageId); p != null && depth <= MAX_DEPTH; p = get(p.parentId)) {
            depth++;
        }
        return depth;
    }

    /** Levels of the subtree a page heads (1 for a page without children). */
    private int height(Draft d) {
        int height = 1;
        for (Draft c : children(d.pageId)) {
            height = Math.max(height, 1 + height(c));
        }
        return height;
    }

    /** Removes a page and everything below it. */
    public void delete(Draft d) {
        for (Draft c : children(d.pageId)) {
            delete(c);
        }
        pages.remove(d.pageId);
        changed.remove(d.pageId);
        if (d.base != null) {
            removed.add(d.pageId);
        }
    }

    /** Puts back a page exactly as a version had it (same version id); its parent must be present. */
    public void restore(PageVersion v) {
        if (v.parentId() != null && !pages.containsKey(v.parentId())) {
            throw ApiException.badRequest("page " + v.pageId() + " cannot be reverted: its parent page " + v.parentId()
                    + " is not in this content any more");
        }
        requireFreeSlug(v.parentId(), v.slug(), v.pageId());
        pages.put(v.pageId(), new Draft(v));
        removed.remove(v.pageId());
        PageVersion inBase = base.pages().get(v.pageId());
        if (inBase != null && inBase.id().equals(v.id())) {
            changed.remove(v.pageId());
        } else {
            changed.add(v.pageId());
            reuse.put(v.pageId(), v);
        }
    }

    /** Pages put back by {@link #restore} whose old version is reused as is (no new version row). */
    private final Map<String, PageVersion> reuse = new HashMap<>();

    public PageVersion reused(String pageId) {
        return reuse.get(pageId);
    }

    /** Puts a page at an index among the children of {@code parentId} (at the end when {@code at} is null). */
    private void place(Draft d, String parentId, Integer at) {
        List<Draft> siblings = children(parentId);
        siblings.removeIf(s -> s.pageId.equals(d.pageId));
        d.parentId = parentId;
        int index = at == null ? siblings.size() : at;
        if (index > siblings.size()) {
            throw ApiException.badRequest("at: " + index + " is past the end (" + siblings.size() + " pages at that level)");
        }
        double before = index == 0 ? (siblings.isEmpty() ? 0 : siblings.get(0).position - 2) : siblings.get(index - 1).position;
        double after = index == siblings.size() ? before + 2 : siblings.get(index).position;
        double pos = (before + after) / 2;
        if (!(pos > before && pos < after)) {
            // positions ran out of room: renumber this level (each sibling gets a new version)
            siblings.add(index, d);
            for (int i = 0; i < siblings.size(); i++) {
                siblings.get(i).position = i + 1;
                touch(siblings.get(i));
            }
            return;
        }
        d.position = pos;
    }

    private String requireFreeSlug(String parentId, String slug, String self) {
        if (!Slugs.isValid(slug)) {
            throw ApiException.badRequest("slug: \"" + slug + "\" is not a valid slug (lowercase letters, digits and dashes)");
        }
        for (Draft s : children(parentId)) {
            if (!s.pageId.equals(self) && s.slug.equals(slug)) {
                throw ApiException.badRequest("slug: \"" + slug + "\" is already used by page " + s.pageId + " at that level");
            }
        }
        return slug;
    }

    private String uniqueSlug(String parentId, String wanted, String self) {
        Set<String> taken = new HashSet<>();
        for (Draft s : children(parentId)) {
            if (!s.pageId.equals(self)) {
                taken.add(s.slug);
            }
        }
        String slug = wanted;
        for (int i = 2; taken.contains(slug); i++) {
            slug = wanted + "-" + i;
        }
        return slug;
    }

    /** The page's path as the tree stands now. */
    public String path(Draft d) {
        StringBuilder sb = new StringBuilder(d.slug);
        Set<String> seen = new HashSet<>();
        for (Draft p = get(d.parentId); p != null && seen.add(p.pageId); p = get(p.parentId)) {
            sb.insert(0, p.slug + "/");
        }
        return sb.toString();
    }

    /** The page's git path as the tree stands now: {@code <path>/README.md} with children, else {@code <path>.md}. */
    public String gitPath(Draft d) {
        boolean hasChildren = pages.values().stream().anyMatch(c -> d.pageId.equals(c.parentId));
        return hasChildren ? path(d) + "/README.md" : path(d) + ".md";
    }

    /** A page found by path ({@code a/b}) as the tree stands now. */
    public Draft byPath(String path) {
        String[] parts = path.replaceAll("^/+|/+$", "").split("/");
        String parent = null;
        Draft found = null;
        for (String part : parts) {
            found = null;
            for (Draft c : children(parent)) {
                if (c.slug.equals(part)) {
                    found = c;
                    break;
                }
            }
            if (found == null) {
                return null;
            }
            parent = found.pageId;
        }
        return found;
    }

    public Draft firstRoot() {
        List<Draft> roots = children(null);
        return roots.isEmpty() ? null : roots.get(0);
    }

    /** The page as a new version, with a fresh id. */
    static PageVersion freeze(Draft d, String markdown, Instant now) {
        return new PageVersion(Ids.newId(), d.pageId, d.kind, d.parentId, d.position, d.title, d.slug, d.emoji, d.icon,
                d.description, d.hidden, d.noIndex, d.noRobotsIndex, d.href, markdown, PageVersion.gitBlobOid(markdown),
                d.createdAt, now);
    }
}
