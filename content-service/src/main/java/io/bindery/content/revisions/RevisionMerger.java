package io.bindery.content.revisions;

import io.bindery.commons.ids.Ids;
import io.bindery.content.domain.PageLink;
import io.bindery.content.domain.PageVersion;
import io.bindery.content.domain.RevisionFile;
import io.bindery.content.merge.TextMerge;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Three-way merge of two revisions against their common ancestor: page by page for the tree (each page field on
 * its own), line by line for markdown that both sides edited. The result is either a page map ready to write or
 * the list of conflicts, each naming its page.
 */
@ApplicationScoped
public class RevisionMerger {
    @Inject
    RevisionStore store;

    /** One page that could not be merged, and why. */
    public record Conflict(String pageId, String title, String reason) {
        @Override
        public String toString() {
            return "\"" + title + "\" (" + pageId + "): " + reason;
        }
    }

    public record Result(Map<String, PageVersion> pages, List<PageVersion> fresh, Map<String, List<PageLink>> links,
                         List<RevisionFile> files, List<Conflict> conflicts) {
        public boolean clean() {
            return conflicts.isEmpty();
        }
    }

    /**
     * @param ours   the side whose unchanged pages are kept (main for a merge, the branch for an update)
     * @param theirs the side brought in
     */
    public Result merge(Snapshot base, Snapshot ours, Snapshot theirs) {
        Instant now = Instant.now();
        Set<String> ids = new TreeSet<>(base.pages().keySet());
        ids.addAll(ours.pages().keySet());
        ids.addAll(theirs.pages().keySet());
        Map<String, PageVersion> merged = new HashMap<>();
        List<Conflict> conflicts = new ArrayList<>();
        List<String> textMerges = new ArrayList<>(); // pages whose markdown both sides changed
        Map<String, PageVersion> fieldMerged = new HashMap<>();
        for (String id : ids) {
            PageVersion b = base.pages().get(id);
            PageVersion o = ours.pages().get(id);
            PageVersion t = theirs.pages().get(id);
            if (same(o, t)) {
                put(merged, id, o);
            } else if (same(b, o)) {
                put(merged, id, t);
            } else if (same(b, t)) {
                put(merged, id, o);
            } else if (o == null || t == null) {
                PageVersion kept = o == null ? t : o;
                conflicts.add(new Conflict(id, kept.title(), "deleted on one side and edited on the other"));
            } else if (b == null) {
                conflicts.add(new Conflict(id, o.title(), "added on both sides with different content"));
            } else {
                List<String> fieldConflicts = new ArrayList<>();
                PageVersion fields = mergeFields(b, o, t, fieldConflicts);
                if (!fieldConflicts.isEmpty()) {
                    conflicts.add(new Conflict(id, o.title(), "both sides changed " + String.join(", ", fieldConflicts)));
                    continue;
                }
                fieldMerged.put(id, fields);
                if (!o.gitOid().equals(t.gitOid()) && !b.gitOid().equals(o.gitOid()) && !b.gitOid().equals(t.gitOid())) {
                    textMerges.add(id);
                }
            }
        }
        List<PageVersion> fresh = new ArrayList<>();
        Map<String, List<PageLink>> links = new HashMap<>();
        if (!fieldMerged.isEmpty()) {
            Set<String> versionIds = new HashSet<>();
            fieldMerged.keySet().forEach(id -> {
                versionIds.add(ours.pages().get(id).id());
                versionIds.add(theirs.pages().get(id).id());
            });
            textMerges.forEach(id -> versionIds.add(base.pages().get(id).id()));
            Map<String, String> md = store.markdown(versionIds);
            Map<String, String> textOf = new HashMap<>();
            for (String id : textMerges) {
                String b = md.get(base.pages().get(id).id());
                String o = md.get(ours.pages().get(id).id());
                String t = md.get(theirs.pages().get(id).id());
                String title = ours.pages().get(id).title();
                if (tooLong(b) || tooLong(o) || tooLong(t)) {
                    conflicts.add(new Conflict(id, title, "both sides changed a page of over " + MAX_MERGE_LINES
                            + " lines, too long to merge line by line"));
                    continue;
                }
                TextMerge.Result r = TextMerge.merge(b, o, t);
                if (r instanceof TextMerge.Clean clean) {
                    textOf.put(id, clean.text());
                } else if (r instanceof TextMerge.Conflict c) {
                    TextMerge.Region first = c.regions().get(0);
                    conflicts.add(new Conflict(id, title, "both sides changed the same lines (line " + (first.baseStart() + 1)
                            + (c.regions().size() > 1 ? " and " + (c.regions().size() - 1) + " more place(s)" : "") + ")"));
                }
            }
            for (Map.Entry<String, PageVersion> e : fieldMerged.entrySet()) {
                String id = e.getKey();
                if (conflicts.stream().anyMatch(c -> c.pageId().equals(id))) {
                    continue;
                }
                PageVersion o = ours.pages().get(id);
                PageVersion t = theirs.pages().get(id);
                PageVersion b = base.pages().get(id);
                String markdown = textOf.containsKey(id) ? textOf.get(id)
                        : md.get(b.gitOid().equals(o.gitOid()) ? t.id() : o.id());
                PageVersion f = e.getValue();
                PageVersion v = new PageVersion(Ids.newId(), id, f.kind(), f.parentId(), f.position(), f.title(), f.slug(),
                        f.emoji(), f.icon(), f.description(), f.hidden(), f.noIndex(), f.noRobotsIndex(), f.href(),
                        markdown, PageVersion.gitBlobOid(markdown), o.createdAt(), now);
                merged.put(id, v);
                fresh.add(v);
                links.put(v.id(), StoredLinks.extract(markdown));
            }
        }
        if (conflicts.isEmpty()) {
            checkTree(merged, conflicts);
        }
        // files three-way too: one the base had and either side deleted stays deleted (Git Sync removes files)
        Set<String> inBase = new HashSet<>();
        base.files().forEach(f -> inBase.add(f.id()));
        Set<String> inOurs = new HashSet<>();
        ours.files().forEach(f -> inOurs.add(f.id()));
        Set<String> inTheirs = new HashSet<>();
        theirs.files().forEach(f -> inTheirs.add(f.id()));
        Map<String, RevisionFile> files = new LinkedHashMap<>();
        ours.files().stream().filter(f -> !inBase.contains(f.id()) || inTheirs.contains(f.id()))
                .forEach(f -> files.put(f.id(), f));
        theirs.files().stream().filter(f -> !inBase.contains(f.id()) || inOurs.contains(f.id()))
                .forEach(f -> files.putIfAbsent(f.id(), f));
        return new Result(merged, fresh, links, List.copyOf(files.values()), conflicts);
    }

    /** Line merges cost length times changes: pages beyond this are refused as a conflict, not merged slowly. */
    static final int MAX_MERGE_LINES = 10_000;

    private static boolean tooLong(String text) {
        return text != null && text.chars().filter(c -> c == '\n').count() > MAX_MERGE_LINES;
    }

    private static void put(Map<String, PageVersion> merged, String id, PageVersion v) {
        if (v != null) {
            merged.put(id, v);
        }
    }

    private static boolean same(PageVersion a, PageVersion b) {
        return a == null ? b == null : a.sameContent(b);
    }

    /** Each field from the side that changed it; a field both sides changed differently is a conflict. */
    private static PageVersion mergeFields(PageVersion b, PageVersion o, PageVersion t, List<String> conflicts) {
        String parent = pick(b, o, t, PageVersion::parentId, "parent", conflicts);
        Double position = pick(b, o, t, PageVersion::position, "position", conflicts);
        String title = pick(b, o, t, PageVersion::title, "title", conflicts);
        String slug = pick(b, o, t, PageVersion::slug, "slug", conflicts);
        String emoji = pick(b, o, t, PageVersion::emoji, "emoji", conflicts);
        String icon = pick(b, o, t, PageVersion::icon, "icon", conflicts);
        String description = pick(b, o, t, PageVersion::description, "description", conflicts);
        Boolean hidden = pick(b, o, t, PageVersion::hidden, "hidden", conflicts);
        Boolean noIndex = pick(b, o, t, PageVersion::noIndex, "noIndex", conflicts);
        Boolean noRobots = pick(b, o, t, PageVersion::noRobotsIndex, "noRobotsIndex", conflicts);
        String href = pick(b, o, t, PageVersion::href, "href", conflicts);
        if (!conflicts.isEmpty()) {
            return null;
        }
        return new PageVersion(null, o.pageId(), o.kind(), parent, position, title, slug, emoji, icon, description,
                hidden, noIndex, noRobots, href, null, null, o.createdAt(), o.updatedAt());
    }

    private static <T> T pick(PageVersion b, PageVersion o, PageVersion t, Function<PageVersion, T> field, String name,
                              List<String> conflicts) {
        T bv = field.apply(b);
        T ov = field.apply(o);
        T tv = field.apply(t);
        if (Objects.equals(ov, bv)) {
            return tv;
        }
        if (Objects.equals(tv, bv) || Objects.equals(ov, tv)) {
            return ov;
        }
        conflicts.add(name);
        return ov;
    }

    /** A merged tree must still be a tree: parents present, no cycles, slugs unique among siblings. */
    private static void checkTree(Map<String, PageVersion> pages, List<Conflict> conflicts) {
        Map<String, String> slugs = new HashMap<>();
        for (PageVersion p : pages.values()) {
            if (p.parentId() != null && !pages.containsKey(p.parentId())) {
                conflicts.add(new Conflict(p.pageId(), p.title(), "its parent page " + p.parentId() + " was deleted on the other side"));
                continue;
            }
            Set<String> seen = new HashSet<>();
            for (PageVersion a = p; a != null && a.parentId() != null; a = pages.get(a.parentId())) {
                if (!seen.add(a.pageId())) {
                    conflicts.add(new Conflict(p.pageId(), p.title(), "the two sides moved pages under each other"));
                    break;
                }
            }
            String other = slugs.putIfAbsent(p.parentId() + "/" + p.slug(), p.pageId());
            if (other != null) {
                conflicts.add(new Conflict(p.pageId(), p.title(), "slug \"" + p.slug() + "\" is taken at that level by page " + other));
            }
        }
    }
}
