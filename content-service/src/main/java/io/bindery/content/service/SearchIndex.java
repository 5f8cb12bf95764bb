package io.bindery.content.service;

import io.bindery.content.domain.PageVersion;
import io.bindery.content.domain.Space;
import io.bindery.content.markdown.MarkdownSections;
import io.bindery.content.revisions.RevisionStore;
import io.bindery.content.revisions.Snapshot;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.hibernate.Session;

import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Keeps {@code search_section} equal to the live content of each space: when the live revision moves, the pages
 * that changed between the two revisions are re-split into sections (by headings) and re-indexed, in the same
 * transaction. Text search configuration: {@code bindery.content.search-config} is not offered; 'english'
 * stemming is used for every space (spaces in other languages still match exact words).
 */
@ApplicationScoped
public class SearchIndex {
    static final String CONFIG = "english";

    @Inject
    EntityManager em;
    @Inject
    RevisionStore store;

    public void reindex(Space space, Snapshot before, Snapshot after) {
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
        if (gone.isEmpty() && changed.isEmpty()) {
            return;
        }
        Map<String, String> markdown = store.markdown(changed.stream().map(PageVersion::id).toList());
        em.unwrap(Session.class).doWork(c -> {
            try (PreparedStatement del = c.prepareStatement("DELETE FROM search_section WHERE space_id = ? AND page_id = ANY(?)")) {
                del.setString(1, space.id);
                del.setArray(2, c.createArrayOf("text", gone.toArray()));
                del.executeUpdate();
            }
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO search_section (space_id, page_id, ordinal, version_id,"
                    + " anchor, title, body, tsv) VALUES (?, ?, ?, ?, ?, ?, ?, setweight(to_tsvector('" + CONFIG + "', ?), 'A')"
                    + " || setweight(to_tsvector('" + CONFIG + "', ?), 'B'))")) {
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
                        ins.setString(1, space.id);
                        ins.setString(2, p.pageId());
                        ins.setInt(3, i);
                        ins.setString(4, p.id());
                        ins.setString(5, s.anchor());
                        ins.setString(6, s.title());
                        ins.setString(7, s.body());
                        ins.setString(8, heading);
                        ins.setString(9, s.body());
                        ins.addBatch();
                    }
                }
                ins.executeBatch();
            }
        });
    }
}
