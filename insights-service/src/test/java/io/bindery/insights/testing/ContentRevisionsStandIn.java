package io.bindery.insights.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.bindery.commons.testing.HttpStandIn;
import io.bindery.commons.ids.Ids;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * content-service's internal revision API as insights' embeddings read it ({@code GET
 * /internal/spaces/{s}/revisions/{r}/tree} and {@code .../pages/{p}}), served over real HTTP from revisions a test
 * writes; it remembers the Authorization header of each call. Use with {@code @WithTestResource}.
 */
public class ContentRevisionsStandIn extends HttpStandIn {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A document page of a revision. */
    public record Page(String id, String title, String markdown) {
    }

    /** space -> revision -> pages in tree order. */
    private static final Map<String, Map<String, List<Page>>> REVISIONS = new ConcurrentHashMap<>();
    public static final List<String> AUTHORIZATIONS = new CopyOnWriteArrayList<>();

    /** A new revision of the space with these pages; its id. */
    public static String revision(String space, List<Page> pages) {
        String id = Ids.newId();
        REVISIONS.computeIfAbsent(space, s -> new ConcurrentHashMap<>()).put(id, List.copyOf(pages));
        return id;
    }

    public static Page page(String title, String markdown) {
        return new Page(Ids.newId(), title, markdown);
    }

    @Override
    protected Map<String, HttpHandler> routes() {
        return Map.of("/internal/", ContentRevisionsStandIn::handle);
    }

    @Override
    protected Map<String, String> config(String baseUrl) {
        return Map.of("bindery.insights.embeddings.content-url", baseUrl);
    }

    private static final Pattern TREE = Pattern.compile("/internal/spaces/([^/]+)/revisions/([^/]+)/tree");
    private static final Pattern PAGE = Pattern.compile("/internal/spaces/([^/]+)/revisions/([^/]+)/pages/([^/]+)");

    private static void handle(HttpExchange ex) throws IOException {
        try (ex) {
            AUTHORIZATIONS.add(String.valueOf(ex.getRequestHeaders().getFirst("Authorization")));
            String path = ex.getRequestURI().getPath();
            Matcher m;
            if (ex.getRequestMethod().equals("GET") && (m = TREE.matcher(path)).matches()) {
                List<Page> pages = pages(m.group(1), m.group(2));
                if (pages == null) {
                    reply(ex, 404, error(404, "no revision " + m.group(2) + " in space " + m.group(1)));
                    return;
                }
                ObjectNode tree = JSON.createObjectNode().put("space", m.group(1)).put("revision", m.group(2));
                ArrayNode items = tree.putArray("pages");
                for (Page p : pages) {
                    items.addObject().put("id", p.id()).put("kind", "document").put("title", p.title())
                            .put("path", slug(p.title())).put("depth", 0).put("hidden", false).put("noIndex", false);
                }
                // a group page: no markdown, never read
                items.addObject().put("id", Ids.newId()).put("kind", "group").put("title", "Group").put("path", "group")
                        .put("depth", 0);
                reply(ex, 200, tree);
            } else if (ex.getRequestMethod().equals("GET") && (m = PAGE.matcher(path)).matches()) {
                List<Page> pages = pages(m.group(1), m.group(2));
                String pageId = m.group(3);
                Page p = pages == null ? null : pages.stream().filter(x -> x.id().equals(pageId)).findFirst().orElse(null);
                if (p == null) {
                    reply(ex, 404, error(404, "no page " + pageId));
                    return;
                }
                reply(ex, 200, JSON.createObjectNode().put("space", m.group(1)).put("revision", m.group(2))
                        .put("id", p.id()).put("title", p.title()).put("path", slug(p.title())).put("markdown", p.markdown()));
            } else {
                reply(ex, 404, error(404, "no route " + path));
            }
        }
    }

    private static List<Page> pages(String space, String revision) {
        Map<String, List<Page>> revisions = REVISIONS.get(space);
        return revisions == null ? null : revisions.get(revision);
    }

    private static String slug(String title) {
        return title.toLowerCase().replaceAll("[^a-z0-9]+", "-");
    }

    private static ObjectNode error(int code, String message) {
        ObjectNode e = JSON.createObjectNode();
        e.putObject("error").put("code", code).put("message", message);
        return e;
    }

    private static void reply(HttpExchange ex, int status, ObjectNode body) throws IOException {
        reply(ex, status, JSON.writeValueAsString(body));
    }

}
