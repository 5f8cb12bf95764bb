package io.bindery.content.search;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.hibernate.Session;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.function.Consumer;

/**
 * The {@code search_section} table: the index {@link SearchIndex} writes and {@link ContentSearch} reads. JDBC
 * through the session's connection (arrays and batches; the caller's transaction). Reads hand each row to the
 * caller as it comes, so that a ranking of thousands of sections is never held as a list of rows.
 */
@ApplicationScoped
class SearchStore {
    @Inject
    EntityManager em;

    /** A matching section: its rank and (with a {@code top}) the number of sections ranked in its space. */
    record Match(String spaceId, String pageId, int ordinal, float rank, long sections) {
    }

    /** A section's anchor in a live page. */
    record Anchor(String spaceId, String pageId, int ordinal, String anchor) {
    }

    /** A section quoted as a passage. */
    record PassageRow(String spaceId, String pageId, int ordinal, String anchor, String title, String pageTitle,
                      String path, String body) {
    }

    /** A section shown in a search result: its highlighted body and its page version's description. */
    record ShownRow(String spaceId, String pageId, int ordinal, String anchor, String title, String pageTitle,
                    String path, List<String> ancestors, String headline, String description) {
    }

    /** A page left unchanged whose path or ancestors changed. */
    record Relocated(String pageId, String path, List<String> ancestors) {
    }

    /** A section to index; {@code heading} is the text weighted 'A' (the page title for the first section). */
    record IndexedSection(String pageId, int ordinal, String versionId, String anchor, String title, String body,
                          String pageTitle, String path, List<String> ancestors, String heading) {
    }

    /**
     * Per space its first {@code cap} matching sections; rows best first, ties by page id and ordinal, so that a
     * page's first row is its best section (grouped by the caller: in SQL it costs more). With {@code top} (not
     * MAX_VALUE), only the sections of the first {@code top} pages of each space, with the number of sections ranked.
     */
    void matches(List<String> spaceIds, String q, int cap, int top, Consumer<Match> each) {
        String matches = "SELECT x.space_id, x.page_id, x.ordinal, x.rank FROM unnest(?::text[]) AS sp(id)"
                + " CROSS JOIN websearch_to_tsquery('" + SearchIndex.CONFIG + "', ?) q CROSS JOIN LATERAL ("
                + "   SELECT s.space_id, s.page_id, s.ordinal, ts_rank(s.tsv, q) AS rank FROM search_section s"
                + "   WHERE s.space_id = sp.id AND s.tsv @@ q LIMIT " + cap + ") x";
        String sql = top == Integer.MAX_VALUE
                ? "SELECT m.*, 0 FROM (" + matches + ") m ORDER BY m.space_id, m.rank DESC, m.page_id, m.ordinal"
                : "WITH m AS MATERIALIZED (" + matches + "), p AS (SELECT space_id, page_id,"
                + "   row_number() OVER (PARTITION BY space_id ORDER BY max(rank) DESC, page_id) AS n,"
                + "   sum(count(*)) OVER (PARTITION BY space_id) AS sections FROM m GROUP BY space_id, page_id)"
                + " SELECT m.space_id, m.page_id, m.ordinal, m.rank, p.sections FROM m JOIN p USING (space_id, page_id)"
                + " WHERE p.n <= " + top + " ORDER BY m.space_id, m.rank DESC, m.page_id, m.ordinal";
        em.unwrap(Session.class).doWork(c -> {
            try (PreparedStatement st = c.prepareStatement(sql)) {
                st.setArray(1, c.createArrayOf("text", spaceIds.toArray()));
                st.setString(2, q);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        each.accept(new Match(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getFloat(4),
                                top == Integer.MAX_VALUE ? 0 : rs.getLong(5)));
                    }
                }
            }
        });
    }

    /** The number of pages of the space with a section matching the query. */
    long countPages(String spaceId, String q) {
        long[] count = new long[1];
        em.unwrap(Session.class).doWork(c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT count(DISTINCT s.page_id) FROM search_section s,"
                    + " websearch_to_tsquery('" + SearchIndex.CONFIG + "', ?) q WHERE s.space_id = ? AND s.tsv @@ q")) {
                st.setString(1, q);
                st.setString(2, spaceId);
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    count[0] = rs.getLong(1);
                }
            }
        });
        return count[0];
    }

    /** The sections of these pages (the two lists side by side), in order of ordinal. */
    void anchors(List<String> spaceIds, List<String> pageIds, Consumer<Anchor> each) {
        em.unwrap(Session.class).doWork(c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT s.space_id, s.page_id, s.ordinal, s.anchor"
                    + " FROM unnest(?::text[], ?::text[]) AS k(space_id, page_id)"
                    + " JOIN search_section s ON s.space_id = k.space_id AND s.page_id = k.page_id ORDER BY s.ordinal")) {
                st.setArray(1, c.createArrayOf("text", spaceIds.toArray()));
                st.setArray(2, c.createArrayOf("text", pageIds.toArray()));
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        each.accept(new Anchor(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getString(4)));
                    }
                }
            }
        });
    }

    /** These sections (by space, page and ordinal, the lists side by side) with their whole bodies. */
    void passages(List<String> spaceIds, List<String> pageIds, List<Integer> ordinals, Consumer<PassageRow> each) {
        em.unwrap(Session.class).doWork(c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT s.space_id, s.page_id, s.ordinal, s.anchor, s.title,"
                    + " s.page_title, s.path, s.body FROM unnest(?::text[], ?::text[], ?::int[]) AS k(space_id, page_id, ordinal)"
                    + " JOIN search_section s ON s.space_id = k.space_id AND s.page_id = k.page_id AND s.ordinal = k.ordinal")) {
                st.setArray(1, c.createArrayOf("text", spaceIds.toArray()));
                st.setArray(2, c.createArrayOf("text", pageIds.toArray()));
                st.setArray(3, c.createArrayOf("int4", ordinals.toArray()));
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        each.accept(new PassageRow(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getString(4),
                                rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8)));
                    }
                }
            }
        });
    }

    /** These sections (by space, page and ordinal, the lists side by side), highlighted for the query. */
    void shown(String q, List<String> spaceIds, List<String> pageIds, List<Integer> ordinals, Consumer<ShownRow> each) {
        em.unwrap(Session.class).doWork(c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT s.space_id, s.page_id, s.ordinal, s.anchor, s.title,"
                    + " s.page_title, s.path, s.ancestors,"
                    + " ts_headline('" + SearchIndex.CONFIG + "', s.body, q, '" + ContentSearch.HEADLINE_OPTIONS + "'),"
                    // GitBook's SearchPageResult requires the page's description: read from the indexed page version
                    + " coalesce(v.description, '')"
                    + " FROM unnest(?::text[], ?::text[], ?::int[]) AS k(space_id, page_id, ordinal)"
                    + " JOIN search_section s ON s.space_id = k.space_id AND s.page_id = k.page_id AND s.ordinal = k.ordinal"
                    + " LEFT JOIN page_version v ON v.id = s.version_id"
                    + " CROSS JOIN websearch_to_tsquery('" + SearchIndex.CONFIG + "', ?) q")) {
                st.setArray(1, c.createArrayOf("text", spaceIds.toArray()));
                st.setArray(2, c.createArrayOf("text", pageIds.toArray()));
                st.setArray(3, c.createArrayOf("int4", ordinals.toArray()));
                st.setString(4, q);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        each.accept(new ShownRow(rs.getString(1), rs.getString(2), rs.getInt(3), rs.getString(4),
                                rs.getString(5), rs.getString(6), rs.getString(7),
                                List.of((String[]) rs.getArray(8).getArray()), rs.getString(9), rs.getString(10)));
                    }
                }
            }
        });
    }

    /** Drops the sections of these pages of the space. */
    void delete(String spaceId, List<String> pageIds) {
        em.unwrap(Session.class).doWork(c -> {
            try (PreparedStatement del = c.prepareStatement("DELETE FROM search_section WHERE space_id = ? AND page_id = ANY(?)")) {
                del.setString(1, spaceId);
                del.setArray(2, c.createArrayOf("text", pageIds.toArray()));
                del.executeUpdate();
            }
        });
    }

    /** Sets the path and ancestors of these pages' sections: one batch. */
    void relocate(String spaceId, List<Relocated> moved) {
        em.unwrap(Session.class).doWork(c -> {
            try (PreparedStatement up = c.prepareStatement("UPDATE search_section SET path = ?, ancestors = ?"
                    + " WHERE space_id = ? AND page_id = ?")) {
                for (Relocated p : moved) {
                    up.setString(1, p.path());
                    up.setArray(2, c.createArrayOf("text", p.ancestors().toArray()));
                    up.setString(3, spaceId);
                    up.setString(4, p.pageId());
                    up.addBatch();
                }
                up.executeBatch();
            }
        });
    }

    /** Indexes these sections of the space: one batch. */
    void insert(String spaceId, List<IndexedSection> sections) {
        em.unwrap(Session.class).doWork(c -> {
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO search_section (space_id, page_id, ordinal, version_id,"
                    + " anchor, title, body, page_title, path, ancestors, tsv) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                    + " setweight(to_tsvector('" + SearchIndex.CONFIG + "', ?), 'A') || setweight(to_tsvector('"
                    + SearchIndex.CONFIG + "', ?), 'B'))")) {
                for (IndexedSection s : sections) {
                    ins.setString(1, spaceId);
                    ins.setString(2, s.pageId());
                    ins.setInt(3, s.ordinal());
                    ins.setString(4, s.versionId());
                    ins.setString(5, s.anchor());
                    ins.setString(6, s.title());
                    ins.setString(7, s.body());
                    ins.setString(8, s.pageTitle());
                    ins.setString(9, s.path());
                    ins.setArray(10, c.createArrayOf("text", s.ancestors().toArray()));
                    ins.setString(11, s.heading());
                    ins.setString(12, s.body());
                    ins.addBatch();
                }
                ins.executeBatch();
            }
        });
    }

    /** Indexes {@code copyId} with {@code sourceId}'s sections as they are: one statement. */
    void copy(String sourceId, String copyId) {
        em.createNativeQuery("INSERT INTO search_section (space_id, page_id, ordinal, version_id, anchor, title, body,"
                        + " page_title, path, ancestors, tsv) SELECT :copy, page_id, ordinal, version_id, anchor, title,"
                        + " body, page_title, path, ancestors, tsv FROM search_section"
                        + " WHERE space_id = :source")
                .setParameter("copy", copyId).setParameter("source", sourceId).executeUpdate();
    }
}
