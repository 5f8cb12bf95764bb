package io.bindery.integrations.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.sun.net.httpserver.HttpExchange;
import io.bindery.commons.testing.HttpStandIn;
import io.bindery.contracts.content.RevisionFiles;
import io.bindery.contracts.content.RevisionPage;
import io.bindery.contracts.content.RevisionPages;
import io.bindery.contracts.content.RevisionPagesRequest;
import io.bindery.contracts.content.RevisionTree;
import io.bindery.contracts.content.SpaceAccessResponse;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What Git Sync reads of content-service, served by {@link ContentStandIn}'s HTTP server from memory: a space's
 * access ({@code /internal/spaces/{s}/access?user=}), its revisions' trees, pages (one or many at once), file lists
 * and file bytes, all internal. A test sets a space's content with {@link #space}; each call of it is a new revision.
 */
public final class SpaceContentStandIn {
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    private static final Pattern ACCESS = Pattern.compile("/internal/spaces/([^/]+)/access");
    private static final Pattern TREE = Pattern.compile("/internal/spaces/([^/]+)/revisions/([^/]+)/tree");
    private static final Pattern PAGE = Pattern.compile("/internal/spaces/([^/]+)/revisions/([^/]+)/pages/([^/]+)");
    private static final Pattern PAGES = Pattern.compile("/internal/spaces/([^/]+)/revisions/([^/]+)/pages");
    private static final Pattern FILE = Pattern.compile("/internal/spaces/([^/]+)/revisions/([^/]+)/files/([^/]+)");
    private static final Pattern FILES = Pattern.compile("/internal/spaces/([^/]+)/revisions/([^/]+)/files");
    /** Calls of the one-page read and of the bulk read, for a test to see how an export reads. */
    private static final java.util.concurrent.atomic.AtomicInteger PAGE_READS = new java.util.concurrent.atomic.AtomicInteger();
    private static final java.util.concurrent.atomic.AtomicInteger BULK_READS = new java.util.concurrent.atomic.AtomicInteger();
    private static final Map<String, Space> SPACES = new ConcurrentHashMap<>();
    /** Every revision a space had, by "space/revision": an export may read the one a merge produced. */
    private static final Map<String, Space> HISTORY = new ConcurrentHashMap<>();

    /** A page of the stand-in: {@code depth} as in RevisionTree (0 at the root), in tree order. */
    public record Page(String id, String kind, String title, String path, int depth, String description,
                       String markdown, String href) {
    }

    public record File(String id, String name, String contentType, byte[] bytes) {
    }

    private record Space(String id, String organization, String revision, Map<String, String> roles, List<Page> pages,
                         List<File> files) {
    }

    private SpaceContentStandIn() {
    }

    /** The space's content as a new revision; {@code roles}: user id → role on the space. Returns the revision. */
    public static String space(String id, String organization, Map<String, String> roles, List<Page> pages, List<File> files) {
        String revision = "rev" + System.nanoTime();
        Space space = new Space(id, organization, revision, Map.copyOf(roles), List.copyOf(pages), List.copyOf(files));
        SPACES.put(id, space);
        HISTORY.put(id + "/" + revision, space);
        return revision;
    }

    /** A space's current content, for {@link ChangeRequestStandIn}. */
    record Snapshot(List<Page> pages, List<File> files) {
    }

    static Snapshot snapshot(String spaceId) {
        Space s = SPACES.get(spaceId);
        return s == null ? null : new Snapshot(s.pages(), s.files());
    }

    /** A merge: the space's content replaced, as a new revision (returned). */
    static String update(String spaceId, List<Page> pages, List<File> files) {
        Space s = SPACES.get(spaceId);
        return space(spaceId, s.organization(), s.roles(), pages, files);
    }

    /** The user's role on the space (null: none, or no such space). */
    static String role(String spaceId, String user) {
        Space s = SPACES.get(spaceId);
        return s == null ? null : s.roles().get(user);
    }

    /** The space's current pages, in tree order. */
    public static List<Page> pages(String spaceId) {
        return SPACES.get(spaceId).pages();
    }

    /** The space's current files. */
    public static List<File> files(String spaceId) {
        return SPACES.get(spaceId).files();
    }

    /** Calls of the one-page read and of the bulk read so far: {one, bulk}. */
    public static int[] pageReads() {
        return new int[]{PAGE_READS.get(), BULK_READS.get()};
    }

    /** Answers the exchange if it is one of these routes; false to let the caller answer it. */
    static boolean handles(HttpExchange exchange) throws IOException {
        if (ChangeRequestStandIn.handles(exchange)) {
            return true;
        }
        String path = exchange.getRequestURI().getPath();
        Matcher m;
        if ((m = ACCESS.matcher(path)).matches()) {
            Space s = SPACES.get(m.group(1));
            if (s == null) {
                return send(exchange, 404, Map.of("error", Map.of("code", 404, "message", "no space")));
            }
            String query = exchange.getRequestURI().getQuery();
            String user = query == null ? "" : query.replaceFirst("^.*user=([^&]*).*$", "$1");
            return send(exchange, 200, new SpaceAccessResponse(new SpaceAccessResponse.Space(s.id(), s.organization(),
                    "Space", "live", null, s.revision(), false), s.roles().get(user)));
        }
        if ((m = TREE.matcher(path)).matches()) {
            Space s = revision(m.group(1), m.group(2));
            if (s == null) {
                return send(exchange, 404, Map.of("error", Map.of("code", 404, "message", "no revision")));
            }
            List<RevisionTree.Page> pages = new ArrayList<>();
            for (Page p : s.pages()) {
                pages.add(new RevisionTree.Page(p.id(), p.kind(), p.title(), p.path(), p.depth(), p.description(), null,
                        false, false, p.href()));
            }
            return send(exchange, 200, new RevisionTree(s.id(), s.revision(), pages));
        }
        if ((m = PAGES.matcher(path)).matches() && "POST".equals(exchange.getRequestMethod())) {
            BULK_READS.incrementAndGet();
            Space s = revision(m.group(1), m.group(2));
            RevisionPagesRequest request = JSON.readValue(exchange.getRequestBody(), RevisionPagesRequest.class);
            if (request.pages() == null || request.pages().size() > RevisionPagesRequest.MAX_PAGES) {
                return send(exchange, 400, Map.of("error", Map.of("code", 400, "message", "bad list")));
            }
            List<RevisionPage> out = new ArrayList<>();
            for (String pageId : request.pages()) {
                Page p = s == null ? null : s.pages().stream().filter(x -> x.id().equals(pageId)).findFirst().orElse(null);
                if (p == null) {
                    return send(exchange, 404, Map.of("error", Map.of("code", 404, "message", "no page " + pageId)));
                }
                out.add(new RevisionPage(s.id(), s.revision(), p.id(), p.title(), p.path(), p.description(), p.markdown()));
            }
            return send(exchange, 200, new RevisionPages(s.id(), s.revision(), out));
        }
        if ((m = PAGE.matcher(path)).matches()) {
            PAGE_READS.incrementAndGet();
            Space s = revision(m.group(1), m.group(2));
            String pageId = m.group(3);
            Page p = s == null ? null : s.pages().stream().filter(x -> x.id().equals(pageId)).findFirst().orElse(null);
            if (p == null) {
                return send(exchange, 404, Map.of("error", Map.of("code", 404, "message", "no page")));
            }
            return send(exchange, 200, new RevisionPage(s.id(), s.revision(), p.id(), p.title(), p.path(), p.description(),
                    p.markdown()));
        }
        if ((m = FILE.matcher(path)).matches()) {
            Space s = revision(m.group(1), m.group(2));
            String fileId = m.group(3);
            File f = s == null ? null : s.files().stream().filter(x -> x.id().equals(fileId)).findFirst().orElse(null);
            if (f == null) {
                return send(exchange, 404, Map.of("error", Map.of("code", 404, "message", "no file")));
            }
            exchange.getResponseHeaders().set("Content-Type", f.contentType());
            exchange.sendResponseHeaders(200, f.bytes().length);
            try (OutputStream o = exchange.getResponseBody()) {
                o.write(f.bytes());
            }
            return true;
        }
        if ((m = FILES.matcher(path)).matches()) {
            Space s = revision(m.group(1), m.group(2));
            if (s == null) {
                return send(exchange, 404, Map.of("error", Map.of("code", 404, "message", "no revision")));
            }
            return send(exchange, 200, new RevisionFiles(s.id(), s.revision(), s.files().stream()
                    .map(f -> new RevisionFiles.File(f.id(), f.name(), f.contentType(), f.bytes().length)).toList()));
        }
        return false;
    }

    private static Space revision(String spaceId, String revision) {
        return HISTORY.get(spaceId + "/" + revision);
    }

    private static boolean send(HttpExchange exchange, int status, Object body) throws IOException {
        HttpStandIn.reply(exchange, status, JSON.writeValueAsString(body));
        return true;
    }
}
