package io.bindery.insights.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.bindery.commons.ids.Ids;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * content-service's and review-service's public API as a translation run uses it, served by a real local HTTP server
 * with spaces kept in memory: spaces and their live pages, space creation, change requests whose content batch
 * (insert_page, update_page) is applied to a copy of the pages and merged. Tests read what was written.
 */
public class FakeContent implements QuarkusTestResourceLifecycleManager {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static HttpServer server;
    public static final Map<String, Space> SPACES = new ConcurrentHashMap<>();
    static final Map<String, ChangeRequest> CHANGE_REQUESTS = new ConcurrentHashMap<>();
    /** Every batch operation written: "insert_page <title>" or "update_page <title>". */
    public static final List<String> OPERATIONS = new CopyOnWriteArrayList<>();
    public static final List<String> TOKENS = new CopyOnWriteArrayList<>();

    public static final class Space {
        public String id;
        public String title;
        public String organization;
        public String parent;
        public String language;
        public int revision;
        public Map<String, Page> pages = new LinkedHashMap<>();
    }

    public static final class Page {
        public String id;
        public String title;
        public String slug;
        public String parent;
        public String markdown;

        Page copy() {
            Page p = new Page();
            p.id = id;
            p.title = title;
            p.slug = slug;
            p.parent = parent;
            p.markdown = markdown;
            return p;
        }
    }

    record ChangeRequest(String space, Map<String, Page> pages) {
    }

    public static Space space(String organization, String title, String parent) {
        Space s = new Space();
        s.id = Ids.newId();
        s.title = title;
        s.organization = organization;
        s.parent = parent;
        s.revision = 1;
        SPACES.put(s.id, s);
        return s;
    }

    public static Page page(Space space, String title, String slug, String parent, String markdown) {
        Page p = new Page();
        p.id = Ids.newId();
        p.title = title;
        p.slug = slug;
        p.parent = parent;
        p.markdown = markdown;
        space.pages.put(p.id, p);
        space.revision++;
        return p;
    }

    @Override
    public synchronized Map<String, String> start() {
        try {
            if (server == null) {
                server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
                server.createContext("/", this::handle);
                server.start();
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        return Map.of("bindery.content-url", url, "bindery.review-url", url);
    }

    @Override
    public void stop() {
    }

    private static final Pattern SPACE = Pattern.compile("/v1/spaces/([^/]+)");
    private static final Pattern PAGES = Pattern.compile("/v1/spaces/([^/]+)/content/pages");
    private static final Pattern PAGE = Pattern.compile("/v1/spaces/([^/]+)/content/page/([^/]+)");
    private static final Pattern CREATE_SPACE = Pattern.compile("/v1/orgs/([^/]+)/spaces");
    private static final Pattern CREATE_CR = Pattern.compile("/v1/spaces/([^/]+)/change-requests");
    private static final Pattern CR_PAGES = Pattern.compile("/v1/spaces/([^/]+)/change-requests/([^/]+)/content/pages");
    private static final Pattern CR_WRITE = Pattern.compile("/v1/spaces/([^/]+)/change-requests/([^/]+)/content");
    private static final Pattern CR_MERGE = Pattern.compile("/v1/spaces/([^/]+)/change-requests/([^/]+)/merge");

    private void handle(HttpExchange ex) throws IOException {
        try {
            TOKENS.add(String.valueOf(ex.getRequestHeaders().getFirst("Authorization")));
            String path = ex.getRequestURI().getPath();
            String method = ex.getRequestMethod();
            JsonNode body = method.equals("POST") ? JSON.readTree(ex.getRequestBody().readAllBytes()) : null;
            Matcher m;
            if (method.equals("GET") && (m = PAGES.matcher(path)).matches()) {
                Space s = require(m.group(1));
                reply(ex, 200, JSON.createObjectNode().set("pages", tree(s.pages, null, "")));
            } else if (method.equals("GET") && (m = PAGE.matcher(path)).matches()) {
                Page p = require(m.group(1)).pages.get(m.group(2));
                if (p == null) {
                    throw new Missing("no page");
                }
                reply(ex, 200, JSON.createObjectNode().put("id", p.id).put("title", p.title).put("markdown", p.markdown));
            } else if (method.equals("GET") && (m = SPACE.matcher(path)).matches()) {
                reply(ex, 200, view(require(m.group(1))));
            } else if (method.equals("POST") && (m = CREATE_SPACE.matcher(path)).matches()) {
                Space s = space(m.group(1), body.path("title").asText(), body.path("parent").asText(null));
                s.language = body.path("language").asText(null);
                reply(ex, 201, view(s));
            } else if (method.equals("POST") && (m = CREATE_CR.matcher(path)).matches()) {
                Space s = require(m.group(1));
                Map<String, Page> copy = new LinkedHashMap<>();
                s.pages.forEach((id, p) -> copy.put(id, p.copy()));
                String id = Ids.newId();
                CHANGE_REQUESTS.put(id, new ChangeRequest(s.id, copy));
                reply(ex, 201, JSON.createObjectNode().put("id", id).put("status", body.path("status").asText("draft")));
            } else if (method.equals("GET") && (m = CR_PAGES.matcher(path)).matches()) {
                reply(ex, 200, JSON.createObjectNode().set("pages", tree(cr(m.group(2)).pages, null, "")));
            } else if (method.equals("POST") && (m = CR_WRITE.matcher(path)).matches()) {
                ChangeRequest cr = cr(m.group(2));
                Map<String, String> refs = new LinkedHashMap<>();
                for (JsonNode op : body.path("changes")) {
                    String operation = op.path("operation").asText();
                    OPERATIONS.add(operation + " " + op.path("title").asText());
                    if (operation.equals("insert_page")) {
                        Page p = new Page();
                        p.id = Ids.newId();
                        p.title = op.path("title").asText();
                        p.slug = op.path("slug").asText();
                        String into = op.path("into").asText(null);
                        p.parent = into == null ? null : refs.getOrDefault(into, into);
                        p.markdown = op.path("document").path("markdown").asText();
                        cr.pages.put(p.id, p);
                        refs.put(op.path("ref").asText(), p.id);
                    } else if (operation.equals("update_page")) {
                        Page p = cr.pages.get(op.path("page").asText());
                        p.title = op.path("title").asText(p.title);
                        p.markdown = op.path("document").path("markdown").asText(p.markdown);
                    } else {
                        throw new IllegalArgumentException("unexpected operation " + operation);
                    }
                }
                reply(ex, 200, JSON.createObjectNode().put("object", "change-request"));
            } else if (method.equals("POST") && (m = CR_MERGE.matcher(path)).matches()) {
                ChangeRequest cr = CHANGE_REQUESTS.remove(m.group(2));
                Space s = require(cr.space());
                s.pages = cr.pages();
                s.revision++;
                reply(ex, 200, JSON.createObjectNode().put("revision", "rev" + s.revision).put("result", "merge"));
            } else {
                reply(ex, 404, error(404, "no route " + method + " " + path));
            }
        } catch (Missing e) {
            reply(ex, 404, error(404, e.getMessage()));
        } catch (RuntimeException e) {
            reply(ex, 500, error(500, String.valueOf(e)));
        }
    }

    static final class Missing extends RuntimeException {
        Missing(String message) {
            super(message);
        }
    }

    private static Space require(String id) {
        Space s = SPACES.get(id);
        if (s == null) {
            throw new Missing("no space " + id);
        }
        return s;
    }

    private static ChangeRequest cr(String id) {
        ChangeRequest cr = CHANGE_REQUESTS.get(id);
        if (cr == null) {
            throw new Missing("no change request " + id);
        }
        return cr;
    }

    private static ArrayNode tree(Map<String, Page> pages, String parent, String parentPath) {
        ArrayNode out = JSON.createArrayNode();
        for (Page p : new ArrayList<>(pages.values())) {
            if (java.util.Objects.equals(p.parent, parent)) {
                String path = parentPath.isEmpty() ? p.slug : parentPath + "/" + p.slug;
                ObjectNode n = out.addObject().put("id", p.id).put("title", p.title).put("kind", "sheet")
                        .put("type", "document").put("slug", p.slug).put("path", path);
                n.set("pages", tree(pages, p.id, path));
            }
        }
        return out;
    }

    private static ObjectNode view(Space s) {
        return JSON.createObjectNode().put("object", "space").put("id", s.id).put("title", s.title)
                .put("organization", s.organization).put("parent", s.parent).put("language", s.language)
                .put("revision", "rev" + s.revision);
    }

    private static ObjectNode error(int code, String message) {
        ObjectNode e = JSON.createObjectNode();
        e.putObject("error").put("code", code).put("message", message);
        return e;
    }

    private static void reply(HttpExchange ex, int status, JsonNode body) throws IOException {
        byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }
}
