package io.bindery.content.search;

import io.bindery.content.config.ContentConfig;
import io.bindery.content.access.ContentAccess;
import io.bindery.content.access.ContentLookup;
import io.bindery.content.pages.InMemoryPages;
import io.bindery.content.pages.PageViews;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.projection.Membership;
import io.bindery.content.domain.Space;
import io.bindery.contracts.content.SiteSearchResponse;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.hibernate.Session;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Full-text search over live content (PostgreSQL tsvector, ranked, with highlighted section bodies): in one space,
 * or in every space of an organization that the caller can read.
 * <p>
 * A search is answered in two steps, each kept for the space's live revision (a revision never changes, so what was
 * found for it stays true; the caches only bound memory, see {@code bindery.content.search-cache-kb}):
 * <ol>
 * <li>the <em>ranking</em>: every matching page of the space, best first (by its best section), with the ordinals
 * of its best sections (one query returning a short row per matching section, never its text); its length is the
 * exact {@code count};</li>
 * <li>the <em>shown pages</em>: title, path, ancestors and highlighted bodies (ts_headline, the costly part) of the
 * best sections of the pages on the page of results asked for, and of those only (read by primary key).</li>
 * </ol>
 * So a repeated search (the same words in the same revision, as when readers page through results or many readers
 * search for the same thing) costs the access check and the rendering only. The access check runs on every
 * request; what is cached is the same for every reader of the space.
 */
@ApplicationScoped
public class ContentSearch {
    /**
     * Matching sections ranked per space at most (in an organization search shared between the spaces searched, at
     * least {@link #MIN_RANKED_PER_SPACE} each): a word found in most sections of a huge space would otherwise cost
     * reading and ranking all of them. Beyond this many matches the best are picked among the first found, so the
     * cost stays bounded and ranking is approximate only for such near-ubiquitous words; {@code count} stays exact
     * (a separate count), and the list ends with the pages that were ranked.
     */
    static final int MAX_RANKED = 10_000;
    static final int MIN_RANKED_PER_SPACE = 1_000;
    /** Best sections shown per page, and best pages per space in an organization search. */
    static final int SECTIONS_PER_PAGE = 3;
    static final int PAGES_PER_SPACE = 10;
    static final String HEADLINE_OPTIONS = "StartSel=<mark>, StopSel=</mark>, MaxWords=35, MinWords=15";

    @Inject
    EntityManager em;
    @Inject
    ContentLookup lookup;
    @Inject
    ContentAccess access;
    @Inject
    PageViews views;
    /**
     * Heap for the rankings and shown pages of recent searches, in KiB (by estimate: a ranking of 1,000 pages takes
     * about 140 KiB, 25 pages shown about 30 KiB).
     */
    @Inject
    ContentConfig config;

    private Lru cache;

    @PostConstruct
    void init() {
        cache = new Lru(config.content().searchCacheKb() * 1024);
    }

    /** GitBook SearchSectionResult; {@code score}: the section's text-search rank. */
    public record Section(String id, String title, String path, double score, String body, Urls urls) {
    }

    public record Urls(String app) {
    }

    public record Ancestor(String title) {
    }

    /**
     * GitBook SearchPageResult; {@code score}: its best section's rank; {@code rank}: its one-based position in the
     * space's ranking, the same on every page of results.
     */
    public record PageHit(String id, String title, String path, double score, int rank, List<Section> sections,
                          List<Ancestor> ancestors, Urls urls) {
    }

    /** GitBook SearchSpaceResult; {@code score}: its best page's. */
    public record SpaceHit(String type, String id, String title, double score, List<PageHit> pages) {
    }

    public ListPage<PageHit> inSpace(String spaceId, String callerId, String query, String limit, String page) {
        String q = query(query);
        Space space = lookup.space(spaceId, callerId).item();
        Ranking ranking = rankings(List.of(space), q, MAX_RANKED, Integer.MAX_VALUE).get(space.id);
        if (ranking.count() < 0) {
            ranking = counted(space, q, ranking);
        }
        InMemoryPages.Window w = InMemoryPages.window(ranking.pages().size(), limit, page);
        List<Hit> hits = shown(List.of(new Slice(space, ranking, w.from(), w.to())), q).get(space.id);
        return new ListPage<>(hits.stream().map(h -> h.view(space, views)).toList(), ranking.count(), w.next());
    }

    public ListPage<SpaceHit> inOrganization(String organizationId, String callerId, String query, String limit, String page) {
        String q = query(query);
        Membership member = access.requireMember(organizationId, callerId);
        List<Space> candidates = Space.list("organizationId = ?1 and deletedAt is null", organizationId);
        Map<String, Role> roles = access.roles(member, candidates);
        Map<String, Space> readable = new LinkedHashMap<>();
        candidates.stream().filter(s -> roles.get(s.id) != null).forEach(s -> readable.put(s.id, s));
        // each space ranks at most its share of MAX_RANKED matches, so a common word still finds every space
        int cap = Math.max(MIN_RANKED_PER_SPACE, MAX_RANKED / Math.max(1, readable.size()));
        Map<String, Ranking> rankings = rankings(readable.values(), q, cap, PAGES_PER_SPACE);
        // spaces by their best page, best first (ties: that page's id, then the space's)
        List<String> matching = readable.keySet().stream().filter(id -> !rankings.get(id).pages().isEmpty())
                .sorted(Comparator.comparingDouble((String id) -> -rankings.get(id).pages().get(0).rank())
                        .thenComparing(id -> rankings.get(id).pages().get(0).pageId()).thenComparing(id -> id))
                .toList();
        ListPage<String> slice = InMemoryPages.slice(matching, limit, page);
        List<Slice> wanted = slice.items().stream().map(id -> new Slice(readable.get(id), rankings.get(id), 0,
                Math.min(PAGES_PER_SPACE, rankings.get(id).pages().size()))).toList();
        Map<String, List<Hit>> shown = shown(wanted, q);
        List<SpaceHit> out = slice.items().stream().map(id -> new SpaceHit("space", id, readable.get(id).title,
                rankings.get(id).pages().get(0).rank(), shown.get(id).stream().map(h -> h.view(readable.get(id), views)).toList())).toList();
        return new ListPage<>(out, slice.count(), slice.next());
    }

    /**
     * Search for sites-service's reader over the live revisions of the given spaces (deleted ones left out): the
     * reader has already decided which spaces a visitor may read, so no caller is checked here. Spaces by their best
     * page, best first; at most {@code pagesPerSpace} (1-50) pages each, with their best section.
     */
    public List<SiteSearchResponse.SpaceResult> inSpaces(List<String> spaceIds, String query, int pagesPerSpace) {
        String q = query(query);
        if (spaceIds == null || spaceIds.isEmpty()) {
            return List.of();
        }
        if (spaceIds.size() > 1000) {
            throw ApiException.badRequest("spaces: at most 1000");
        }
        List<Space> spaces = Space.list("id in ?1 and deletedAt is null", spaceIds);
        int cap = Math.max(MIN_RANKED_PER_SPACE, MAX_RANKED / Math.max(1, spaces.size()));
        int top = Math.max(1, Math.min(50, pagesPerSpace));
        Map<String, Ranking> rankings = rankings(spaces, q, cap, top);
        List<Space> matching = spaces.stream().filter(s -> !rankings.get(s.id).pages().isEmpty())
                .sorted(Comparator.comparingDouble((Space s) -> -rankings.get(s.id).pages().get(0).rank())
                        .thenComparing(s -> s.id))
                .toList();
        Map<String, List<Hit>> shown = shown(matching.stream().map(s -> new Slice(s, rankings.get(s.id), 0,
                Math.min(top, rankings.get(s.id).pages().size()))).toList(), q);
        return matching.stream().map(s -> new SiteSearchResponse.SpaceResult(s.id, s.revisionId,
                shown.get(s.id).stream().map(h -> {
                    ShownSection best = h.sections().isEmpty() ? new ShownSection("", "", h.score(), "") : h.sections().get(0);
                    return new SiteSearchResponse.PageResult(h.pageId(), h.title(), h.path(), best.anchor(), best.title(),
                            best.body(), h.score());
                }).toList())).toList();
    }

    private static String query(String query) {
        if (query == null || query.isBlank()) {
            throw ApiException.badRequest("query is required");
        }
        if (query.length() > 512) {
            throw ApiException.badRequest("query must be at most 512 characters");
        }
        return query;
    }

    // ---- rankings ----

    /** A matching page: the rank of its best section and the ordinals of its best sections and their ranks, best first. */
    record PageRef(String pageId, float rank, int[] ordinals, float[] ranks) {
    }

    /**
     * The matching pages of one revision of a space for one query, best first: all of them, or the first
     * {@code top} (MAX_VALUE: all). {@code ranked}: how many matching sections were ranked at most; {@code complete}:
     * every matching section was. {@code count}: the number of matching pages, or -1 while not counted (an incomplete or cut
     * ranking).
     */
    record Ranking(List<PageRef> pages, int ranked, int top, boolean complete, long count) {
        /** Heap estimate in bytes: per page the reference, its id and the ordinals. */
        long weight() {
            long w = 64;
            for (PageRef p : pages) {
                w += 24 + text(p.pageId()) + 32 + 8L * p.ordinals().length + 8;
            }
            return w;
        }
    }

    /**
     * Keyed by the number of sections ranked at most too (a ranking cut at another number may hold other pages, and
     * a search answers the same whatever was asked before it), and by the number of pages kept.
     */
    private record RankingKey(String spaceId, String revisionId, String query, int cap, int top) {
    }

    /**
     * The ranking of each space (by id), from the cache or, for the others, from one query: per space the first
     * {@code cap} matching sections found are ranked, and its first {@code top} pages kept (all: MAX_VALUE).
     */
    private Map<String, Ranking> rankings(Collection<Space> spaces, String q, int cap, int top) {
        Map<String, Ranking> out = new HashMap<>();
        List<Space> missing = new ArrayList<>();
        for (Space s : spaces) {
            Ranking r = (Ranking) cache.get(new RankingKey(s.id, s.revisionId, q, cap, top));
            if (r != null) {
                out.put(s.id, r);
            } else {
                missing.add(s);
            }
        }
        if (missing.isEmpty()) {
            return out;
        }
        // per space: its pages in order of their best section, each with up to SECTIONS_PER_PAGE ordinals
        Map<String, LinkedHashMap<String, PageRef>> pages = new HashMap<>();
        Map<String, Long> sections = new HashMap<>();
        // per space its first `cap` matching sections; rows best first, ties by page id and ordinal, so that a
        // page's first row is its best section (grouped here: in SQL it costs more). With `top`, only the sections
        // of the first `top` pages of each space, and the number of sections ranked in the last column.
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
                st.setArray(1, c.createArrayOf("text", missing.stream().map(s -> s.id).toArray()));
                st.setString(2, q);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        String spaceId = rs.getString(1);
                        String pageId = rs.getString(2);
                        int ordinal = rs.getInt(3);
                        Map<String, PageRef> inSpace = pages.computeIfAbsent(spaceId, k -> new LinkedHashMap<>());
                        PageRef p = inSpace.get(pageId);
                        if (p == null) {
                            inSpace.put(pageId, new PageRef(pageId, rs.getFloat(4), new int[]{ordinal},
                                    new float[]{rs.getFloat(4)}));
                        } else if (p.ordinals().length < SECTIONS_PER_PAGE) {
                            int[] more = Arrays.copyOf(p.ordinals(), p.ordinals().length + 1);
                            more[more.length - 1] = ordinal;
                            float[] ranks = Arrays.copyOf(p.ranks(), more.length);
                            ranks[more.length - 1] = rs.getFloat(4);
                            inSpace.put(pageId, new PageRef(pageId, p.rank(), more, ranks));
                        }
                        if (top == Integer.MAX_VALUE) {
                            sections.merge(spaceId, 1L, Long::sum);
                        } else {
                            sections.put(spaceId, rs.getLong(5));
                        }
                    }
                }
            }
        });
        for (Space s : missing) {
            List<PageRef> found = List.copyOf(pages.getOrDefault(s.id, new LinkedHashMap<>()).values());
            boolean complete = sections.getOrDefault(s.id, 0L) < cap;
            Ranking r = new Ranking(found, cap, top, complete, complete && top == Integer.MAX_VALUE ? found.size() : -1);
            cache.put(new RankingKey(s.id, s.revisionId, q, cap, top), r, r.weight() + q.length());
            out.put(s.id, r);
        }
        return out;
    }

    /** An incomplete ranking with its exact count of matching pages (kept for next time). */
    private Ranking counted(Space space, String q, Ranking ranking) {
        long[] count = new long[1];
        em.unwrap(Session.class).doWork(c -> {
            try (PreparedStatement st = c.prepareStatement("SELECT count(DISTINCT s.page_id) FROM search_section s,"
                    + " websearch_to_tsquery('" + SearchIndex.CONFIG + "', ?) q WHERE s.space_id = ? AND s.tsv @@ q")) {
                st.setString(1, q);
                st.setString(2, space.id);
                try (ResultSet rs = st.executeQuery()) {
                    rs.next();
                    count[0] = rs.getLong(1);
                }
            }
        });
        Ranking r = new Ranking(ranking.pages(), ranking.ranked(), ranking.top(), false,
                Math.max(count[0], ranking.pages().size()));
        cache.put(new RankingKey(space.id, space.revisionId, q, r.ranked(), Integer.MAX_VALUE), r, r.weight() + q.length());
        return r;
    }

    // ---- shown pages ----

    /** Pages {@code from} (inclusive) to {@code to} of a space's ranking, to be shown. */
    private record Slice(Space space, Ranking ranking, int from, int to) {
        ShownKey key(String q) {
            // the complete rankings of a revision begin alike whatever their cap and length; others are keyed by them
            return ranking.complete() ? new ShownKey(space.id, space.revisionId, q, -1, -1, from, to)
                    : new ShownKey(space.id, space.revisionId, q, ranking.ranked(), ranking.top(), from, to);
        }
    }

    private record ShownKey(String spaceId, String revisionId, String query, int ranked, int top, int from, int to) {
    }

    /** A shown section: its anchor, heading, rank and highlighted body. */
    private record ShownSection(String anchor, String title, float score, String body) {
    }

    /** A shown page: what the index holds about it, its rank and position in the ranking, and its best sections. */
    private record Hit(String pageId, String title, String path, float score, int position, List<String> ancestors,
                       List<ShownSection> sections) {
        PageHit view(Space space, PageViews views) {
            List<Section> out = new ArrayList<>(sections.size());
            for (ShownSection s : sections) {
                String sectionPath = s.anchor().isEmpty() ? path : path + "#" + s.anchor();
                // GitBook's SearchSectionResult requires a title: the part before the first heading has the page's
                String sectionTitle = s.title() == null || s.title().isBlank() ? title : s.title();
                out.add(new Section(s.anchor(), sectionTitle, sectionPath, s.score(), s.body(),
                        new Urls(views.appUrl(space, sectionPath))));
            }
            return new PageHit(pageId, title, path, score, position, out, ancestors.stream().map(Ancestor::new).toList(),
                    new Urls(views.appUrl(space, path)));
        }

        /** Heap estimate in bytes. */
        long weight() {
            long w = 40 + text(pageId) + text(title) + text(path) + 32 + 32;
            for (String a : ancestors) {
                w += 8 + text(a);
            }
            for (ShownSection s : sections) {
                w += 8 + 24 + text(s.anchor()) + text(s.title()) + text(s.body());
            }
            return w;
        }
    }

    /**
     * The pages of each slice (by space id), from the cache or, for the others, from one query that reads their
     * best sections by primary key and highlights only those.
     */
    private Map<String, List<Hit>> shown(List<Slice> slices, String q) {
        Map<String, List<Hit>> out = new HashMap<>();
        List<Slice> missing = new ArrayList<>();
        for (Slice w : slices) {
            @SuppressWarnings("unchecked")
            List<Hit> hits = w.from() >= w.to() ? List.of() : (List<Hit>) cache.get(w.key(q));
            if (hits != null) {
                out.put(w.space().id, hits);
            } else {
                missing.add(w);
            }
        }
        if (missing.isEmpty()) {
            return out;
        }
        List<String> spaceIds = new ArrayList<>();
        List<String> pageIds = new ArrayList<>();
        List<Integer> ordinals = new ArrayList<>();
        for (Slice w : missing) {
            for (PageRef p : w.ranking().pages().subList(w.from(), w.to())) {
                for (int o : p.ordinals()) {
                    spaceIds.add(w.space().id);
                    pageIds.add(p.pageId());
                    ordinals.add(o);
                }
            }
        }
        Map<String, Object[]> rows = new HashMap<>();
        em.unwrap(Session.class).doWork(c -> readSections(c, q, spaceIds, pageIds, ordinals, rows));
        for (Slice w : missing) {
            List<Hit> hits = new ArrayList<>();
            boolean whole = true;
            int position = w.from();
            for (PageRef p : w.ranking().pages().subList(w.from(), w.to())) {
                position++;
                List<ShownSection> sections = new ArrayList<>();
                Object[] first = null;
                for (int i = 0; i < p.ordinals().length; i++) {
                    Object[] r = rows.get(sectionKey(w.space().id, p.pageId(), p.ordinals()[i]));
                    if (r == null) {
                        continue; // re-indexed since it was ranked: a newer revision is live
                    }
                    first = first == null ? r : first;
                    sections.add(new ShownSection((String) r[0], (String) r[1], p.ranks()[i], (String) r[5]));
                }
                whole &= sections.size() == p.ordinals().length;
                if (first != null) {
                    @SuppressWarnings("unchecked")
                    List<String> ancestors = (List<String>) first[4];
                    hits.add(new Hit(p.pageId(), (String) first[2], (String) first[3], p.rank(), position, ancestors,
                            List.copyOf(sections)));
                }
            }
            List<Hit> result = List.copyOf(hits);
            if (whole) {
                cache.put(w.key(q), result, 64 + q.length() + result.stream().mapToLong(Hit::weight).sum());
            }
            out.put(w.space().id, result);
        }
        return out;
    }

    private static void readSections(Connection c, String q, List<String> spaceIds, List<String> pageIds,
                                     List<Integer> ordinals, Map<String, Object[]> out) throws SQLException {
        try (PreparedStatement st = c.prepareStatement("SELECT s.space_id, s.page_id, s.ordinal, s.anchor, s.title,"
                + " s.page_title, s.path, s.ancestors,"
                + " ts_headline('" + SearchIndex.CONFIG + "', s.body, q, '" + HEADLINE_OPTIONS + "')"
                + " FROM unnest(?::text[], ?::text[], ?::int[]) AS k(space_id, page_id, ordinal)"
                + " JOIN search_section s ON s.space_id = k.space_id AND s.page_id = k.page_id AND s.ordinal = k.ordinal"
                + " CROSS JOIN websearch_to_tsquery('" + SearchIndex.CONFIG + "', ?) q")) {
            st.setArray(1, c.createArrayOf("text", spaceIds.toArray()));
            st.setArray(2, c.createArrayOf("text", pageIds.toArray()));
            st.setArray(3, c.createArrayOf("int4", ordinals.toArray()));
            st.setString(4, q);
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    out.put(sectionKey(rs.getString(1), rs.getString(2), rs.getInt(3)), new Object[]{rs.getString(4),
                            rs.getString(5), rs.getString(6), rs.getString(7),
                            List.of((String[]) rs.getArray(8).getArray()), rs.getString(9)});
                }
            }
        }
    }

    /** Heap estimate of a string in bytes (two a character: text may be outside Latin-1). */
    private static long text(String s) {
        return s == null ? 0 : 40 + 2L * s.length();
    }

    private static String sectionKey(String spaceId, String pageId, int ordinal) {
        return spaceId + '\u001f' + pageId + '\u001f' + ordinal;
    }

    /**
     * Least recently used entries up to a total weight (an estimate of their heap, in bytes). An entry heavier than
     * a quarter of the whole is not kept.
     */
    static final class Lru {
        private record Entry(Object value, long weight) {
        }

        private final long maxWeight;
        private final LinkedHashMap<Object, Entry> entries = new LinkedHashMap<>(256, 0.75f, true);
        private long weight;

        Lru(long maxWeight) {
            this.maxWeight = maxWeight;
        }

        synchronized Object get(Object key) {
            Entry e = entries.get(key);
            return e == null ? null : e.value();
        }

        synchronized void put(Object key, Object value, long valueWeight) {
            long w = valueWeight + 160; // the key and the map's node
            if (w > maxWeight / 4) {
                Entry old = entries.remove(key);
                weight -= old == null ? 0 : old.weight();
                return;
            }
            Entry old = entries.put(key, new Entry(value, w));
            weight += w - (old == null ? 0 : old.weight());
            for (Iterator<Entry> it = entries.values().iterator(); weight > maxWeight && it.hasNext(); ) {
                weight -= it.next().weight();
                it.remove();
            }
        }

        synchronized long weight() {
            return weight;
        }

        synchronized int size() {
            return entries.size();
        }
    }
}
