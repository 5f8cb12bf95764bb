package io.bindery.content.search;

import io.bindery.content.domain.PageVersion;
import io.bindery.content.domain.SpaceRow;
import io.bindery.content.spaces.SearchCopies;
import io.bindery.document.MarkdownSections;
import io.bindery.content.revisions.Revisions;
import io.bindery.content.revisions.Snapshot;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keeps {@code search_section} equal to the live content of each space: when the live revision moves, the pages
 * that changed between the two revisions are re-split into sections (by headings) and re-indexed, in the same
 * transaction. Text search configuration: {@code bindery.content.search-config} is not offered; 'english'
 * stemming is used for every space (spaces in other languages still match exact words).
 */
@ApplicationScoped
public class SearchIndex implements SearchCopies {
    static final String CONFIG = "english";

    @Inject
    SearchStore store;
    @Inject
    Revisions revisions;

    /** A duplicated space shares the original's page versions: their sections are copied, not re-split. */
    @Override
    public void copyIndex(String sourceId, String copyId) {
        store.copy(sourceId, copyId);
    }

    public void reindex(SpaceRow space, Snapshot before, Snapshot after) {
        List<String> gone = new ArrayList<>();
        List<PageVersion> changed = new ArrayList<>();
        for (PageVersion p : before.pages().values()) {
            PageVersion now = after.pages().get(p.pageId());
            if (now == null || !now.id().equals(p.id())) {
                gone.add(p.pageId());
            }
        }
        for (PageVersion p : after.pages().values()) {
            PageVersion then = before.pages().get(p.pageId());
            if (then == null || !then.id().equals(p.id())) {
                changed.add(p);
            }
        }
        // an unchanged page's path or ancestors can only change through a changed page above it
        Set<String> changedIds = new HashSet<>();
        changed.forEach(p -> changedIds.add(p.pageId()));
        List<PageVersion> moved = new ArrayList<>();
        Set<String> visited = new HashSet<>();
        for (PageVersion p : changed) {
            collectRelocated(before, after, p.pageId(), changedIds, visited, moved);
        }
        if (gone.isEmpty() && changed.isEmpty() && moved.isEmpty()) {
            return;
        }
        relocate(space, after, moved);
        store.delete(space.id(), gone);
        // in slices, so that a merge of thousands of pages never holds all their markdown at once
        for (int from = 0; from < changed.size(); from += SLICE) {
            index(space, after, changed.subList(from, Math.min(changed.size(), from + SLICE)));
        }
    }

    /** The unchanged pages below {@code parentId} whose path or ancestors differ between the two revisions. */
    private static void collectRelocated(Snapshot before, Snapshot after, String parentId, Set<String> changedIds,
                                         Set<String> visited, List<PageVersion> out) {
        for (PageVersion child : after.children(parentId)) {
            if (changedIds.contains(child.pageId()) || !visited.add(child.pageId())) {
                continue; // a changed page is indexed afresh, and walked from itself
            }
            if (!after.path(child.pageId()).equals(before.path(child.pageId()))
                    || !ancestorTitles(after, child).equals(ancestorTitles(before, child))) {
                out.add(child);
            }
            collectRelocated(before, after, child.pageId(), changedIds, visited, out);
        }
    }

    private static List<String> ancestorTitles(Snapshot s, PageVersion p) {
        return s.ancestors(p.pageId()).stream().map(PageVersion::title).toList();
    }

    /** Pages left unchanged whose path or ancestors changed with a rename or move above them. */
    private void relocate(SpaceRow space, Snapshot after, List<PageVersion> moved) {
        if (moved.isEmpty()) {
            return;
        }
        List<SearchStore.Relocated> rows = new ArrayList<>();
        for (PageVersion p : moved) {
            rows.add(new SearchStore.Relocated(p.pageId(), after.path(p.pageId()), ancestorTitles(after, p)));
        }
        store.relocate(space.id(), rows);
    }

    private static final int SLICE = 200;

    private void index(SpaceRow space, Snapshot after, List<PageVersion> changed) {
        Map<String, String> markdown = revisions.markdown(changed.stream().map(PageVersion::id).toList());
        List<SearchStore.IndexedSection> rows = new ArrayList<>();
        for (PageVersion p : changed) {
            if (p.noIndex() || !PageVersion.DOCUMENT.equals(p.kind())) {
                continue;
            }
            List<MarkdownSections.Section> sections = MarkdownSections.split(markdown.getOrDefault(p.id(), ""));
            if (sections.isEmpty()) {
                sections = List.of(new MarkdownSections.Section("", null, ""));
            }
            for (int i = 0; i < sections.size(); i++) {
                MarkdownSections.Section s = sections.get(i);
                String heading = (i == 0 ? p.title() + " " : "") + (s.title() == null ? "" : s.title());
                rows.add(new SearchStore.IndexedSection(p.pageId(), i, p.id(), s.anchor(), s.title(), s.body(),
                        p.title(), after.path(p.pageId()), ancestorTitles(after, p), heading));
            }
        }
        store.insert(space.id(), rows);
    }
}
