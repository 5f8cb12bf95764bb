package io.bindery.sites.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.bindery.commons.testing.HttpStandIn;
import io.bindery.commons.ids.Ids;
import io.bindery.contracts.content.RevisionPage;
import io.bindery.contracts.content.RevisionTree;
import io.bindery.contracts.content.SiteAskRequest;
import io.bindery.contracts.content.SiteAskResponse;
import io.bindery.contracts.content.SiteSearchRequest;
import io.bindery.contracts.content.SiteSearchResponse;
import io.bindery.contracts.content.SpaceData;
import io.bindery.contracts.content.SpaceViewsRequest;
import io.bindery.contracts.content.SpaceViewsResponse;

import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * content-service's internal space-views API as sites-service calls it, served over real HTTP from memory, so the
 * sites @QuarkusTests run without content-service. A space is readable by the users a test names; each reader's
 * permissions are distinct (an editor may edit), so a test sees that the caller's view came through.
 * Use with {@code @WithTestResource(ContentStandIn.class)}.
 */
public class ContentStandIn extends HttpStandIn {
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    private static final Pattern PATH = Pattern.compile("/internal/orgs/([^/]+)/space-views");
    private static final Pattern TREE = Pattern.compile("/internal/spaces/([^/]+)/revisions/([^/]+)/tree");
    private static final Pattern PAGE = Pattern.compile("/internal/spaces/([^/]+)/revisions/([^/]+)/pages/([^/]+)");
    private static final Pattern FILE = Pattern.compile("/internal/spaces/([^/]+)/revisions/([^/]+)/files/([^/]+)");
    /** When each revision was registered: the tree's createdAt. */
    private static final Map<String, Instant> MADE = new ConcurrentHashMap<>();
    /** The newest revision registered per space: what search looks through. */
    private static final Map<String, String> LIVE = new ConcurrentHashMap<>();
    /** Files by "space/revision/file": content type and bytes. */
    private static final Map<String, Map.Entry<String, byte[]>> FILES = new ConcurrentHashMap<>();

    /** A page of a revision: depth 0 at the root; kind document, group or link. */
    public record StandInPage(String id, String kind, String title, String path, int depth, String markdown) {
        public static StandInPage document(String title, String path, int depth, String markdown) {
            return new StandInPage(Ids.newId(), "document", title, path, depth, markdown);
        }
    }

    /** Pages by "space/revision", in tree order. */
    private static final Map<String, List<StandInPage>> REVISIONS = new ConcurrentHashMap<>();
    /** Tree reads answered, by "space/revision": the reader reads a revision once. */
    public static final Map<String, AtomicInteger> TREE_READS = new ConcurrentHashMap<>();
    /** Descriptions of pages, by page id; pages hidden from the navigation. */
    private static final Map<String, String> DESCRIPTIONS = new ConcurrentHashMap<>();
    private static final Set<String> HIDDEN = ConcurrentHashMap.newKeySet();

    /** The page's description, as the tree carries it. */
    public static void describe(String pageId, String description) {
        DESCRIPTIONS.put(pageId, description);
    }

    /** The page is hidden (left out of the navigation, still at its address). */
    public static void hide(String pageId) {
        HIDDEN.add(pageId);
    }

    private record Space(SpaceData data, Set<String> readers, Set<String> editors) {
    }

    private static final Map<String, Space> SPACES = new ConcurrentHashMap<>();
    /** Calls answered, for tests that check when content is (not) asked. */
    public static final AtomicInteger CALLS = new AtomicInteger();
    private static volatile boolean down;

    @Override
    protected Map<String, HttpHandler> routes() {
        return Map.of("/internal/", ContentStandIn::handle);
    }

    @Override
    protected Map<String, String> config(String baseUrl) {
        return Map.of("bindery.content-url", baseUrl);
    }

    /** A space of {@code org} that {@code readers} can read ({@code editors} also edit); its id. */
    public static String space(String org, String title, Set<String> readers, Set<String> editors) {
        String id = Ids.newId();
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        SpaceData data = new SpaceData("space", id, title, "", "private", now, now, null, "live", Map.of("type", "none"),
                new SpaceData.Urls("http://127.0.0.1/v1/spaces/" + id, "http://127.0.0.1/o/" + org + "/s/" + id, null),
                org, null, null, Ids.newId(), "inherit", 0, 0, 0, 0, null);
        SPACES.put(id, new Space(data, ConcurrentHashMap.newKeySet(), ConcurrentHashMap.newKeySet()));
        SPACES.get(id).readers().addAll(readers);
        SPACES.get(id).readers().addAll(editors);
        SPACES.get(id).editors().addAll(editors);
        return id;
    }

    /** The space as content's events carry it (no permissions). */
    public static SpaceData data(String spaceId) {
        return SPACES.get(spaceId).data();
    }

    /** The pages of a revision of a space (tree order). */
    public static void revision(String spaceId, String revision, List<StandInPage> pages) {
        MADE.put(spaceId + "/" + revision, Instant.now().truncatedTo(ChronoUnit.SECONDS));
        REVISIONS.put(spaceId + "/" + revision, List.copyOf(pages));
        LIVE.put(spaceId, revision);
    }

    /** When the revision was registered (what its tree says as createdAt). */
    public static Instant madeAt(String spaceId, String revision) {
        return MADE.get(spaceId + "/" + revision);
    }

    /** A file of a revision. */
    public static void file(String spaceId, String revision, String fileId, String contentType, byte[] bytes) {
        FILES.put(spaceId + "/" + revision + "/" + fileId, Map.entry(contentType, bytes));
    }

    /** content stops answering (a refused connection) until {@code false}. */
    public static void down(boolean value) {
        down = value;
    }

    private static void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            Matcher tree = TREE.matcher(path);
            Matcher page = PAGE.matcher(path);
            if (tree.matches() || page.matches()) {
                revisionRead(exchange, tree.matches() ? tree : page, page.matches());
                return;
            }
            Matcher file = FILE.matcher(path);
            if (file.matches()) {
                Map.Entry<String, byte[]> f = FILES.get(file.group(1) + "/" + file.group(2) + "/" + file.group(3));
                if (f == null) {
                    reply(exchange, 404, "{\"error\":{\"code\":404,\"message\":\"no file\"}}");
                    return;
                }
                exchange.getResponseHeaders().set("Content-Type", f.getKey());
                exchange.sendResponseHeaders(200, f.getValue().length);
                exchange.getResponseBody().write(f.getValue());
                return;
            }
            if (path.equals("/internal/ask") && "POST".equals(exchange.getRequestMethod())) {
                ask(exchange, JSON.readValue(exchange.getRequestBody(), SiteAskRequest.class));
                return;
            }
            if (path.equals("/internal/search") && "POST".equals(exchange.getRequestMethod())) {
                search(exchange, JSON.readValue(exchange.getRequestBody(), SiteSearchRequest.class));
                return;
            }
            Matcher m = PATH.matcher(path);
            if (!m.matches() || !"POST".equals(exchange.getRequestMethod())) {
                reply(exchange, 404, "{\"error\":{\"code\":404,\"message\":\"no such internal route\"}}");
                return;
            }
            if (down) {
                reply(exchange, 503, "{\"error\":{\"code\":503,\"message\":\"content is down (stand-in)\"}}");
                return;
            }
            CALLS.incrementAndGet();
            String org = m.group(1);
            SpaceViewsRequest request = JSON.readValue(exchange.getRequestBody(), SpaceViewsRequest.class);
            List<SpaceData> out = new ArrayList<>();
            for (String id : request.spaces()) {
                Space s = SPACES.get(id);
                if (s != null && s.data().organization().equals(org) && s.readers().contains(request.user())) {
                    boolean edit = s.editors().contains(request.user());
                    out.add(s.data().withPermissions(new SpaceData.Permissions(true, true, false, false, edit, false, true,
                            edit, edit, false)));
                }
            }
            reply(exchange, 200, JSON.writeValueAsString(new SpaceViewsResponse(out)));
        }
    }

    private static void revisionRead(HttpExchange exchange, Matcher m, boolean onePage) throws IOException {
        String key = m.group(1) + "/" + m.group(2);
        List<StandInPage> pages = REVISIONS.get(key);
        if (pages == null) {
            reply(exchange, 404, "{\"error\":{\"code\":404,\"message\":\"no revision " + m.group(2) + "\"}}");
            return;
        }
        if (!onePage) {
            TREE_READS.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
            List<RevisionTree.Page> tree = pages.stream().map(p -> new RevisionTree.Page(p.id(), p.kind(), p.title(), p.path(),
                    p.depth(), DESCRIPTIONS.get(p.id()), null, HIDDEN.contains(p.id()), false, null)).toList();
            reply(exchange, 200, JSON.writeValueAsString(new RevisionTree(m.group(1), m.group(2), tree, MADE.get(key))));
            return;
        }
        StandInPage p = pages.stream().filter(x -> x.id().equals(m.group(3))).findFirst().orElse(null);
        if (p == null) {
            reply(exchange, 404, "{\"error\":{\"code\":404,\"message\":\"no page\"}}");
            return;
        }
        reply(exchange, 200, JSON.writeValueAsString(new RevisionPage(m.group(1), m.group(2), p.id(), p.title(), p.path(), null,
                p.markdown())));
    }

    /**
     * Search as content answers the reader, simplified: the live revision's document pages whose markdown holds the
     * query (case-insensitively), the match marked in a snippet of the markdown.
     */
    private static void search(HttpExchange exchange, SiteSearchRequest request) throws IOException {
        String q = request.query().toLowerCase(java.util.Locale.ROOT);
        List<SiteSearchResponse.SpaceResult> spaces = new ArrayList<>();
        for (String spaceId : request.spaces()) {
            String revision = LIVE.get(spaceId);
            List<SiteSearchResponse.PageResult> hits = new ArrayList<>();
            for (StandInPage p : revision == null ? List.<StandInPage>of() : REVISIONS.get(spaceId + "/" + revision)) {
                int at = p.markdown() == null ? -1 : p.markdown().toLowerCase(java.util.Locale.ROOT).indexOf(q);
                if ("document".equals(p.kind()) && at >= 0 && hits.size() < request.pagesPerSpace()) {
                    String md = p.markdown();
                    String body = md.substring(Math.max(0, at - 40), at) + "<mark>" + md.substring(at, at + q.length())
                            + "</mark>" + md.substring(at + q.length(), Math.min(md.length(), at + q.length() + 40));
                    hits.add(new SiteSearchResponse.PageResult(p.id(), p.title(), p.path(), "", p.title(), body, 1.0));
                }
            }
            if (!hits.isEmpty()) {
                spaces.add(new SiteSearchResponse.SpaceResult(spaceId, revision, hits));
            }
        }
        reply(exchange, 200, JSON.writeValueAsString(new SiteSearchResponse(spaces)));
    }

    /** The spaces of each ask received, in order. */
    public static final List<List<String>> ASKED = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** What content's answer writer answers (null: no writer). */
    public static volatile String written;

    /**
     * Ask as content answers sites, simplified: a passage per document page of the spaces' live revisions whose
     * markdown holds the question (case-insensitively), its text the markdown around it, at most {@code passages}.
     */
    private static void ask(HttpExchange exchange, SiteAskRequest request) throws IOException {
        ASKED.add(List.copyOf(request.spaces()));
        String q = request.question().toLowerCase(java.util.Locale.ROOT);
        List<SiteAskResponse.Passage> passages = new ArrayList<>();
        for (String spaceId : request.spaces()) {
            String revision = LIVE.get(spaceId);
            for (StandInPage p : revision == null ? List.<StandInPage>of() : REVISIONS.get(spaceId + "/" + revision)) {
                int at = p.markdown() == null ? -1 : p.markdown().toLowerCase(java.util.Locale.ROOT).indexOf(q);
                if ("document".equals(p.kind()) && at >= 0 && passages.size() < request.passages()) {
                    String md = p.markdown();
                    passages.add(new SiteAskResponse.Passage(spaceId, revision, p.id(), p.title(), p.path(), "",
                            p.title(), md.substring(Math.max(0, at - 40), Math.min(md.length(), at + q.length() + 40)), 1.0));
                }
            }
        }
        reply(exchange, 200, JSON.writeValueAsString(new SiteAskResponse(passages, passages.isEmpty() ? null : written)));
    }
}
