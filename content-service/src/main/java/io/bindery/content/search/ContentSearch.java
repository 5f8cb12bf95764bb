package io.bindery.content.search;

import io.bindery.content.client.InsightsClient;
import io.bindery.content.config.ContentConfig;
import io.bindery.content.access.ContentAccess;
import io.bindery.content.access.ContentLookup;
import io.bindery.content.pages.InMemoryPages;
import io.bindery.content.pages.PageViews;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.projection.Membership;
import io.bindery.content.spaces.LiveSpaces;
import io.bindery.content.domain.SpaceRow;
import io.bindery.contracts.content.SiteSearchResponse;
import io.bindery.contracts.insights.EmbeddingSearchRequest;
import io.bindery.contracts.insights.EmbeddingSearchResponse;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

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
 * <p>
 * Space and organization search are <em>hybrid</em>: the full-text ranking is fused with the sections that
 * insights-service finds nearest in meaning (reciprocal rank fusion, see {@link RankFusion}), so that a reader who
 * does not use the page's words still finds it. Vector hits are asked for the spaces the caller may read only, and
 * kept only for those spaces and for pages their live revision holds (their rows here): never a page the full-text
 * search would not show. When insights does not answer in time the search is full text alone, answered the same
 * way ({@link InsightsClient}).
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
    SearchStore store;
    @Inject
    ContentLookup lookup;
    @Inject
    LiveSpaces liveSpaces;
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
    @Inject
    VectorHits vectorHits;

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
    public record PageHit(String id, String title, String description, String path, double score, int rank,
                          List<Section> sections, List<Ancestor> ancestors, Urls urls) {
    }

    /** GitBook SearchSpaceResult; {@code score}: its best page's. */
    public record SpaceHit(String type, String id, String title, double score, List<PageHit> pages) {
    }

    public ListPage<PageHit> inSpace(String spaceId, String callerId, String query, String limit, String page) {
        String q = query(query);
        Scope space = scope(lookup.space(spaceId, callerId).item());
        // insights answers while full text ranks
        CompletableFuture<List<EmbeddingSearchResponse.Hit>> vectors = nearest(space.organizationId(), List.of(space.id()), q);
        Ranking ranking = rankings(List.of(space), q, MAX_RANKED, Integer.MAX_VALUE).get(space.id());
        if (ranking.count() < 0) {
            ranking = counted(space, q, ranking);
        }
        List<EmbeddingSearchResponse.Hit> near = vectors.join();
        if (!near.isEmpty()) {
            List<PageRef> fused = fused(Map.of(space.id(), space), Map.of(space.id(), ranking), near)
                    .getOrDefault(space.id(), List.of());
            // the pages found by their meaning only, added to the exact count of the pages that match the words
            long count = ranking.count() + Math.max(0, fused.size() - ranking.pages().size());
            InMemoryPages.Window w = InMemoryPages.window(fused.size(), limit, page);
            List<Hit> hits = shown(List.of(Slice.fused(space, fused.subList(w.from(), w.to()), w.from())), q).get(space.id());
            return new ListPage<>(hits.stream().map(h -> h.view(space)).toList(), count, w.next());
        }
        InMemoryPages.Window w = InMemoryPages.window(ranking.pages().size(), limit, page);
        List<Hit> hits = shown(List.of(Slice.lexical(space, ranking, w.from(), w.to())), q).get(space.id());
        return new ListPage<>(hits.stream().map(h -> h.view(space)).toList(), ranking.count(), w.next());
    }

    /** The organization's spaces that the caller may read, by id; 404 when the caller is not a member. */
    private Map<String, Scope> readable(String organizationId, String callerId) {
        Membership member = access.requireMember(organizationId, callerId);
        List<SpaceRow> candidates = liveSpaces.liveIn(organizationId);
        Map<String, Role> roles = access.roles(member, candidates);
        Map<String, Scope> readable = new LinkedHashMap<>();
        candidates.stream().map(this::scope).filter(s -> roles.get(s.id()) != null).forEach(s -> readable.put(s.id(), s));
        return readable;
    }

    /**
     * A passage for ask: the best section of a page found, its text ({@code text}, markdown, cut at
     * {@value #PASSAGE_CHARS} characters), where it is, and whether its words ({@code byWords}) or its meaning
     * ({@code byMeaning}) found it.
     */
    public record Passage(String spaceId, String revisionId, String pageId, String pageTitle, String path,
                          String sectionId, String sectionTitle, String text, String url, double score,
                          boolean byWords, boolean byMeaning) {
    }

    static final int PASSAGE_CHARS = 700;

    /**
     * The best passages across the spaces of the organization that the caller may read, best first: the best
     * section of each of the {@code max} best pages of the hybrid search (one list across the spaces).
     */
    public List<Passage> passages(String organizationId, String callerId, String query, int max) {
        String q = query(query);
        Map<String, Scope> readable = readable(organizationId, callerId);
        return passages(readable, nearest(organizationId, readable.keySet(), q), q, max);
    }

    /**
     * For sites-service's ask (a site's, the reader's {@code .md?ask=}): the best passages over the live revisions of
     * the given spaces (deleted ones left out), which sites has already decided the visitor may read, as the
     * organization's ask finds them: the best section of each of the {@code max} best pages of the hybrid search, in
     * one list across the spaces, each quoting up to {@value #PASSAGE_CHARS} characters of its section rather than a
     * search excerpt.
     */
    public List<Passage> passagesInSpaces(List<String> spaceIds, String query, int max) {
        String q = query(query);
        if (spaceIds == null || spaceIds.isEmpty()) {
            return List.of();
        }
        Map<String, Scope> spaces = liveSpaces(spaceIds);
        return passages(spaces, siteVectors(spaces, q), q, max);
    }

    private List<Passage> passages(Map<String, Scope> readable, CompletableFuture<List<EmbeddingSearchResponse.Hit>> vectors,
                                   String q, int max) {
        int cap = Math.max(MIN_RANKED_PER_SPACE, MAX_RANKED / Math.max(1, readable.size()));
        Map<String, Ranking> rankings = rankings(readable.values(), q, cap, PAGES_PER_SPACE);
        List<EmbeddingSearchResponse.Hit> near = vectors.join();
        List<Placed> best = fusedOrder(readable, rankings, near);
        best = best.subList(0, Math.min(max, best.size()));
        if (best.isEmpty()) {
            return List.of();
        }
        Map<String, Object[]> rows = new HashMap<>();
        List<Placed> wanted = best;
        store.passages(wanted.stream().map(Placed::space).toList(), wanted.stream().map(p -> p.ref().pageId()).toList(),
                wanted.stream().map(p -> p.ref().ordinals()[0]).toList(),
                r -> rows.put(sectionKey(r.spaceId(), r.pageId(), r.ordinal()), new Object[]{
                        r.anchor(), r.title(), r.pageTitle(), r.path(), r.body()}));
        List<Passage> out = new ArrayList<>();
        for (Placed p : best) {
            Object[] r = rows.get(sectionKey(p.space(), p.ref().pageId(), p.ref().ordinals()[0]));
            if (r == null) {
                continue; // re-indexed since it was ranked
            }
            Scope space = readable.get(p.space());
            String anchor = (String) r[0];
            String pageTitle = (String) r[2];
            String path = (String) r[3];
            String sectionTitle = r[1] == null || ((String) r[1]).isBlank() ? pageTitle : (String) r[1];
            String sectionPath = anchor.isEmpty() ? path : path + "#" + anchor;
            out.add(new Passage(space.id(), space.revisionId(), p.ref().pageId(), pageTitle, path, anchor, sectionTitle,
                    cut((String) r[4]), space.app(sectionPath), p.ref().rank(), p.lexicalRank() > 0, p.vectorRank() > 0));
        }
        return out;
    }

    /** The text cut at a word boundary before {@value #PASSAGE_CHARS} characters, with an ellipsis. */
    static String cut(String text) {
        String t = text == null ? "" : text.strip();
        if (t.length() <= PASSAGE_CHARS) {
            return t;
        }
        int end = t.lastIndexOf(' ', PASSAGE_CHARS - 1);
        return t.substring(0, end > PASSAGE_CHARS / 2 ? end : PASSAGE_CHARS - 1).stripTrailing() + "…";
    }

    public ListPage<SpaceHit> inOrganization(String organizationId, String callerId, String query, String limit, String page) {
        String q = query(query);
        Map<String, Scope> readable = readable(organizationId, callerId);
        // each space ranks at most its share of MAX_RANKED matches, so a common word still finds every space
        int cap = Math.max(MIN_RANKED_PER_SPACE, MAX_RANKED / Math.max(1, readable.size()));
        CompletableFuture<List<EmbeddingSearchResponse.Hit>> vectors = nearest(organizationId, readable.keySet(), q);
        Map<String, Ranking> rankings = rankings(readable.values(), q, cap, PAGES_PER_SPACE);
        List<EmbeddingSearchResponse.Hit> near = vectors.join();
        if (!near.isEmpty()) {
            // spaces in the order of their best page in the fused list
            Map<String, List<PageRef>> fused = fused(readable, rankings, near);
            ListPage<String> slice = InMemoryPages.slice(List.copyOf(fused.keySet()), limit, page);
            List<Slice> wanted = slice.items().stream().map(id -> Slice.fused(readable.get(id),
                    fused.get(id).subList(0, Math.min(PAGES_PER_SPACE, fused.get(id).size())), 0)).toList();
            Map<String, List<Hit>> shown = shown(wanted, q);
            List<SpaceHit> out = slice.items().stream().map(id -> new SpaceHit("space", id, readable.get(id).title(),
                    fused.get(id).get(0).rank(), shown.get(id).stream().map(h -> h.view(readable.get(id))).toList()))
                    .toList();
            return new ListPage<>(out, slice.count(), slice.next());
        }
        // spaces by their best page, best first (ties: that page's id, then the space's)
        List<String> matching = readable.keySet().stream().filter(id -> !rankings.get(id).pages().isEmpty())
                .sorted(Comparator.comparingDouble((String id) -> -rankings.get(id).pages().get(0).rank())
                        .thenComparing(id -> rankings.get(id).pages().get(0).pageId()).thenComparing(id -> id))
                .toList();
        ListPage<String> slice = InMemoryPages.slice(matching, limit, page);
        List<Slice> wanted = slice.items().stream().map(id -> Slice.lexical(readable.get(id), rankings.get(id), 0,
                Math.min(PAGES_PER_SPACE, rankings.get(id).pages().size()))).toList();
        Map<String, List<Hit>> shown = shown(wanted, q);
        List<SpaceHit> out = slice.items().stream().map(id -> new SpaceHit("space", id, readable.get(id).title(),
                rankings.get(id).pages().get(0).rank(), shown.get(id).stream().map(h -> h.view(readable.get(id))).toList())).toList();
        return new ListPage<>(out, slice.count(), slice.next());
    }

    /**
     * Search for sites-service's reader (its search box and its MCP {@code search} tool) over the live revisions of
     * the given spaces (deleted ones left out): the reader has already decided which spaces a visitor may read, so no
     * caller is checked here. Full text fused with insights' vector hits in these spaces, as the API's search does
     * (full text alone when insights does not answer); spaces by their best page, best first; at most
     * {@code pagesPerSpace} (1-50) pages each, with their best section.
     */
    public List<SiteSearchResponse.SpaceResult> inSpaces(List<String> spaceIds, String query, int pagesPerSpace) {
        String q = query(query);
        if (spaceIds == null || spaceIds.isEmpty()) {
            return List.of();
        }
        Map<String, Scope> spaces = liveSpaces(spaceIds);
        CompletableFuture<List<EmbeddingSearchResponse.Hit>> vectors = siteVectors(spaces, q);
        int cap = Math.max(MIN_RANKED_PER_SPACE, MAX_RANKED / Math.max(1, spaces.size()));
        int top = Math.max(1, Math.min(50, pagesPerSpace));
        Map<String, Ranking> rankings = rankings(spaces.values(), q, cap, top);
        List<EmbeddingSearchResponse.Hit> near = vectors.join();
        if (!near.isEmpty()) {
            Map<String, List<PageRef>> fused = fused(spaces, rankings, near);
            Map<String, List<Hit>> shown = shown(fused.entrySet().stream().map(e -> Slice.fused(spaces.get(e.getKey()),
                    e.getValue().subList(0, Math.min(top, e.getValue().size())), 0)).toList(), q);
            return fused.keySet().stream().map(id -> siteResult(spaces.get(id), shown.get(id))).toList();
        }
        List<Scope> matching = spaces.values().stream().filter(s -> !rankings.get(s.id()).pages().isEmpty())
                .sorted(Comparator.comparingDouble((Scope s) -> -rankings.get(s.id()).pages().get(0).rank())
                        .thenComparing(s -> s.id()))
                .toList();
        Map<String, List<Hit>> shown = shown(matching.stream().map(s -> Slice.lexical(s, rankings.get(s.id()), 0,
                Math.min(top, rankings.get(s.id()).pages().size()))).toList(), q);
        return matching.stream().map(s -> siteResult(s, shown.get(s.id()))).toList();
    }

    /** The live (not deleted) spaces of these ids, for sites' search and ask. */
    private Map<String, Scope> liveSpaces(List<String> spaceIds) {
        if (spaceIds.size() > 1000) {
            throw ApiException.badRequest("spaces: at most 1000");
        }
        Map<String, Scope> spaces = new LinkedHashMap<>();
        liveSpaces.live(spaceIds).stream().map(this::scope)
                .forEach(s -> spaces.put(s.id(), s));
        return spaces;
    }

    /** A site's spaces are its organization's; vectors are asked for by organization, so only then. */
    private CompletableFuture<List<EmbeddingSearchResponse.Hit>> siteVectors(Map<String, Scope> spaces, String q) {
        Set<String> organizations = spaces.values().stream().map(Scope::organizationId).collect(Collectors.toSet());
        return organizations.size() == 1 ? nearest(organizations.iterator().next(), spaces.keySet(), q)
                : CompletableFuture.completedFuture(List.of());
    }

    /** One space's pages as the reader shows them: each with its best section. */
    private static SiteSearchResponse.SpaceResult siteResult(Scope space, List<Hit> hits) {
        return new SiteSearchResponse.SpaceResult(space.id(), space.revisionId(), hits.stream().map(h -> {
            ShownSection best = h.sections().isEmpty() ? new ShownSection("", "", h.score(), "") : h.sections().get(0);
            return new SiteSearchResponse.PageResult(h.pageId(), h.title(), h.path(), best.anchor(), best.title(),
                    best.body(), h.score());
        }).toList());
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

    /**
     * What search needs of a space, read once from its entity (the rest of the search holds no entity):
     * {@code appUrl} is the space's app URL, a page's is below it.
     */
    private record Scope(String id, String organizationId, String revisionId, String title, String appUrl) {
        String app(String path) {
            return path == null || path.isEmpty() ? appUrl : appUrl + "/" + path;
        }
    }

    private Scope scope(SpaceRow s) {
        return new Scope(s.id(), s.organizationId(), s.revisionId(), s.title(), views.appUrl(s, ""));
    }

    // ---- vectors ----

    /**
     * insights' nearest sections in these spaces (all the organization's, filtered later, past its limit of
     * spaces), as close to the query as the configured minimum. A query of one word needs closer sections: its
     * vector is read from the word's sub-word pieces, and a rare or made-up word lands near unrelated sections
     * (measured with the model: 0.1 to 0.3 against sections without the word), while full text finds the sections
     * that hold it.
     */
    private CompletableFuture<List<EmbeddingSearchResponse.Hit>> nearest(String organizationId,
                                                                         Collection<String> spaceIds, String q) {
        if (spaceIds.isEmpty()) {
            return CompletableFuture.completedFuture(List.of());
        }
        ContentConfig.HybridSearch settings = config.content().hybridSearch();
        List<String> only = spaceIds.size() > EmbeddingSearchRequest.MAX_SPACES ? null : List.copyOf(spaceIds);
        double min = q.strip().split("\\s+").length == 1 ? settings.minSimilarityOneWord() : settings.minSimilarity();
        return vectorHits.nearest(organizationId, only, q, settings.candidates())
                .thenApply(hits -> hits.stream().filter(h -> h.score() >= min).toList());
    }

    /**
     * The full-text pages of the spaces fused with the vector hits, by space (spaces in the order of their best
     * page), each space's pages best first; a page's {@code rank} is its fused score. A vector hit counts only in
     * one of {@code spaces} (those the caller may read) and for a page that the space's live revision holds (its sections here); a page found by vectors only shows the
     * sections that were near.
     */
    private Map<String, List<PageRef>> fused(Map<String, Scope> spaces, Map<String, Ranking> rankings,
                                             List<EmbeddingSearchResponse.Hit> near) {
        Map<String, List<PageRef>> out = new LinkedHashMap<>();
        for (Placed p : fusedOrder(spaces, rankings, near)) {
            out.computeIfAbsent(p.space(), k -> new ArrayList<>()).add(p.ref());
        }
        return out;
    }

    /** A page of the fused list: its space, its reference, and its one-based ranks in the two lists (0: absent). */
    private record Placed(String space, PageRef ref, int lexicalRank, int vectorRank) {
    }

    /** As {@link #fused}, in one list across the spaces. */
    private List<Placed> fusedOrder(Map<String, Scope> spaces, Map<String, Ranking> rankings,
                                    List<EmbeddingSearchResponse.Hit> near) {
        ContentConfig.HybridSearch settings = config.content().hybridSearch();
        // full text: the pages of every space by their rank (one scale across spaces), ties by page id
        Map<RankFusion.Key, PageRef> lexical = new LinkedHashMap<>();
        rankings.entrySet().stream()
                .flatMap(e -> e.getValue().pages().stream().map(p -> Map.entry(new RankFusion.Key(e.getKey(), p.pageId()), p)))
                .sorted(Comparator.comparingDouble((Map.Entry<RankFusion.Key, PageRef> e) -> -e.getValue().rank())
                        .thenComparing(e -> e.getKey().page()).thenComparing(e -> e.getKey().space()))
                .forEachOrdered(e -> lexical.put(e.getKey(), e.getValue()));
        // vectors: the near sections of each page, best first, where the caller may read
        Map<RankFusion.Key, List<EmbeddingSearchResponse.Hit>> vector = new LinkedHashMap<>();
        for (EmbeddingSearchResponse.Hit h : near) {
            if (h.space() != null && h.page() != null && spaces.containsKey(h.space())) {
                vector.computeIfAbsent(new RankFusion.Key(h.space(), h.page()), k -> new ArrayList<>()).add(h);
            }
        }
        Map<RankFusion.Key, Map<String, Integer>> anchors = anchors(vector.keySet().stream()
                .filter(k -> !lexical.containsKey(k)).toList());
        List<RankFusion.Key> vectorPages = vector.keySet().stream()
                .filter(k -> lexical.containsKey(k) || anchors.containsKey(k)).toList();
        List<Placed> out = new ArrayList<>();
        for (RankFusion.Fused f : RankFusion.fuse(List.copyOf(lexical.keySet()), vectorPages, settings.rrfK())) {
            PageRef text = lexical.get(f.key());
            PageRef ref;
            if (text != null) {
                ref = new PageRef(text.pageId(), (float) f.score(), text.ordinals(), text.ranks());
            } else {
                Map<String, Integer> ordinals = anchors.get(f.key());
                List<Integer> shown = new ArrayList<>();
                List<Float> similarity = new ArrayList<>();
                for (EmbeddingSearchResponse.Hit h : vector.get(f.key())) {
                    // a section renamed since it was embedded: the page's top instead
                    Integer o = ordinals.getOrDefault(h.section() == null ? "" : h.section(), ordinals.get(""));
                    o = o == null ? ordinals.values().iterator().next() : o;
                    if (shown.size() < SECTIONS_PER_PAGE && !shown.contains(o)) {
                        shown.add(o);
                        similarity.add((float) h.score());
                    }
                }
                float[] ranks = new float[similarity.size()];
                for (int i = 0; i < ranks.length; i++) {
                    ranks[i] = similarity.get(i);
                }
                ref = new PageRef(f.key().page(), (float) f.score(), shown.stream().mapToInt(Integer::intValue).toArray(), ranks);
            }
            out.add(new Placed(f.key().space(), ref, f.lexicalRank(), f.vectorRank()));
        }
        return out;
    }

    /** The sections of these pages in their space's live content: anchor to ordinal, by page (absent: not live). */
    private Map<RankFusion.Key, Map<String, Integer>> anchors(List<RankFusion.Key> pages) {
        Map<RankFusion.Key, Map<String, Integer>> out = new HashMap<>();
        if (pages.isEmpty()) {
            return out;
        }
        store.anchors(pages.stream().map(RankFusion.Key::space).toList(), pages.stream().map(RankFusion.Key::page).toList(),
                r -> out.computeIfAbsent(new RankFusion.Key(r.spaceId(), r.pageId()), k -> new LinkedHashMap<>())
                        .putIfAbsent(r.anchor() == null ? "" : r.anchor(), r.ordinal()));
        return out;
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
    private Map<String, Ranking> rankings(Collection<Scope> spaces, String q, int cap, int top) {
        Map<String, Ranking> out = new HashMap<>();
        List<Scope> missing = new ArrayList<>();
        for (Scope s : spaces) {
            Ranking r = (Ranking) cache.get(new RankingKey(s.id(), s.revisionId(), q, cap, top));
            if (r != null) {
                out.put(s.id(), r);
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
        store.matches(missing.stream().map(s -> s.id()).toList(), q, cap, top, m -> {
            Map<String, PageRef> inSpace = pages.computeIfAbsent(m.spaceId(), k -> new LinkedHashMap<>());
            PageRef p = inSpace.get(m.pageId());
            if (p == null) {
                inSpace.put(m.pageId(), new PageRef(m.pageId(), m.rank(), new int[]{m.ordinal()}, new float[]{m.rank()}));
            } else if (p.ordinals().length < SECTIONS_PER_PAGE) {
                int[] more = Arrays.copyOf(p.ordinals(), p.ordinals().length + 1);
                more[more.length - 1] = m.ordinal();
                float[] ranks = Arrays.copyOf(p.ranks(), more.length);
                ranks[more.length - 1] = m.rank();
                inSpace.put(m.pageId(), new PageRef(m.pageId(), p.rank(), more, ranks));
            }
            if (top == Integer.MAX_VALUE) {
                sections.merge(m.spaceId(), 1L, Long::sum);
            } else {
                sections.put(m.spaceId(), m.sections());
            }
        });
        for (Scope s : missing) {
            List<PageRef> found = List.copyOf(pages.getOrDefault(s.id(), new LinkedHashMap<>()).values());
            boolean complete = sections.getOrDefault(s.id(), 0L) < cap;
            Ranking r = new Ranking(found, cap, top, complete, complete && top == Integer.MAX_VALUE ? found.size() : -1);
            cache.put(new RankingKey(s.id(), s.revisionId(), q, cap, top), r, r.weight() + q.length());
            out.put(s.id(), r);
        }
        return out;
    }

    /** An incomplete ranking with its exact count of matching pages (kept for next time). */
    private Ranking counted(Scope space, String q, Ranking ranking) {
        long count = store.countPages(space.id(), q);
        Ranking r = new Ranking(ranking.pages(), ranking.ranked(), ranking.top(), false,
                Math.max(count, ranking.pages().size()));
        cache.put(new RankingKey(space.id(), space.revisionId(), q, r.ranked(), Integer.MAX_VALUE), r, r.weight() + q.length());
        return r;
    }

    // ---- shown pages ----

    /**
     * Pages to be shown: {@code refs}, the first at zero-based position {@code from} of the space's list, kept in
     * the cache under {@code key} (a {@link ShownKey} or {@link FusedKey}, with the query).
     */
    private record Slice(Scope space, List<PageRef> refs, int from, Object key) {
        /** Pages {@code from} (inclusive) to {@code to} of a space's full-text ranking. */
        static Slice lexical(Scope space, Ranking ranking, int from, int to) {
            // the complete rankings of a revision begin alike whatever their cap and length; others are keyed by them
            Object key = ranking.complete() ? new ShownKey(space.id(), space.revisionId(), -1, -1, from, to)
                    : new ShownKey(space.id(), space.revisionId(), ranking.ranked(), ranking.top(), from, to);
            return new Slice(space, ranking.pages().subList(from, to), from, key);
        }

        /** Pages of a fused list: what is shown depends on the vectors too, so the key names every page shown. */
        static Slice fused(Scope space, List<PageRef> refs, int from) {
            StringBuilder shown = new StringBuilder();
            for (PageRef p : refs) {
                shown.append(p.pageId()).append(':').append(p.rank()).append(Arrays.toString(p.ordinals())).append(';');
            }
            return new Slice(space, refs, from, new FusedKey(space.id(), space.revisionId(), from, shown.toString()));
        }
    }

    private record ShownKey(String spaceId, String revisionId, int ranked, int top, int from, int to) {
    }

    private record FusedKey(String spaceId, String revisionId, int from, String pages) {
    }

    private record QueryKey(Object slice, String query) {
    }

    /** A shown section: its anchor, heading, rank and highlighted body. */
    private record ShownSection(String anchor, String title, float score, String body) {
    }

    /** A shown page: what the index holds about it, its rank and position in the ranking, and its best sections. */
    private record Hit(String pageId, String title, String description, String path, float score, int position,
                       List<String> ancestors, List<ShownSection> sections) {
        PageHit view(Scope space) {
            List<Section> out = new ArrayList<>(sections.size());
            for (ShownSection s : sections) {
                String sectionPath = s.anchor().isEmpty() ? path : path + "#" + s.anchor();
                // GitBook's SearchSectionResult requires a title: the part before the first heading has the page's
                String sectionTitle = s.title() == null || s.title().isBlank() ? title : s.title();
                out.add(new Section(s.anchor(), sectionTitle, sectionPath, s.score(), s.body(),
                        new Urls(space.app(sectionPath))));
            }
            return new PageHit(pageId, title, description, path, score, position, out, ancestors.stream().map(Ancestor::new).toList(),
                    new Urls(space.app(path)));
        }

        /** Heap estimate in bytes. */
        long weight() {
            long w = 40 + text(pageId) + text(title) + text(description) + text(path) + 32 + 32;
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
            List<Hit> hits = w.refs().isEmpty() ? List.of() : (List<Hit>) cache.get(new QueryKey(w.key(), q));
            if (hits != null) {
                out.put(w.space().id(), hits);
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
            for (PageRef p : w.refs()) {
                for (int o : p.ordinals()) {
                    spaceIds.add(w.space().id());
                    pageIds.add(p.pageId());
                    ordinals.add(o);
                }
            }
        }
        Map<String, Object[]> rows = new HashMap<>();
        store.shown(q, spaceIds, pageIds, ordinals, r -> rows.put(sectionKey(r.spaceId(), r.pageId(), r.ordinal()),
                new Object[]{r.anchor(), r.title(), r.pageTitle(), r.path(), r.ancestors(), r.headline(), r.description()}));
        for (Slice w : missing) {
            List<Hit> hits = new ArrayList<>();
            boolean whole = true;
            int position = w.from();
            for (PageRef p : w.refs()) {
                position++;
                List<ShownSection> sections = new ArrayList<>();
                Object[] first = null;
                for (int i = 0; i < p.ordinals().length; i++) {
                    Object[] r = rows.get(sectionKey(w.space().id(), p.pageId(), p.ordinals()[i]));
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
                    hits.add(new Hit(p.pageId(), (String) first[2], (String) first[6], (String) first[3], p.rank(),
                            position, ancestors, List.copyOf(sections)));
                }
            }
            List<Hit> result = List.copyOf(hits);
            if (whole) {
                cache.put(new QueryKey(w.key(), q), result, 64 + q.length() + result.stream().mapToLong(Hit::weight).sum());
            }
            out.put(w.space().id(), result);
        }
        return out;
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
