package io.bindery.integrations.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import io.bindery.commons.testing.HttpStandIn;
import io.bindery.document.Slugs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an import writes through, served from memory by {@link ContentStandIn}'s server: review's internal open and
 * merge of a change request for a member, and content's internal batch write, tree and files of its branch (the
 * contracts' shapes, content's rules: at most 50 changes, refs valid within one batch). A merge makes the branch the space's new revision in
 * {@link SpaceContentStandIn}, unless the test made the space conflict ({@link #conflictOn}): then 409 and the
 * change request stays open.
 */
public final class ChangeRequestStandIn {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern OPEN = Pattern.compile("/internal/spaces/([^/]+)/change-requests");
    private static final Pattern MERGE = Pattern.compile("/internal/spaces/([^/]+)/change-requests/([^/]+)/merge");
    private static final Pattern TREE = Pattern.compile("/internal/spaces/([^/]+)/branches/([^/]+)/tree");
    private static final Pattern FILES = Pattern.compile("/internal/spaces/([^/]+)/branches/([^/]+)/files");
    private static final Pattern WRITE = Pattern.compile("/internal/spaces/([^/]+)/branches/([^/]+)/content");
    /** Who merged each change request (review's internal merge names the member). */
    public static final Map<String, String> MERGED_BY = new ConcurrentHashMap<>();
    private static final AtomicInteger NUMBERS = new AtomicInteger();
    private static final AtomicInteger IDS = new AtomicInteger();
    private static final Map<String, Branch> BRANCHES = new ConcurrentHashMap<>();
    private static final Map<String, String> CONFLICTS = new ConcurrentHashMap<>();
    /** Batches written, by change request: how many calls an import took. */
    public static final Map<String, Integer> WRITES = new ConcurrentHashMap<>();

    private static final class Node {
        String id;
        String type;
        String title;
        String slug;
        String description;
        String markdown = "";
        String href;
        final List<Node> children = new ArrayList<>();
    }

    private record Branch(String id, int number, String space, String subject, List<Node> roots,
                          List<SpaceContentStandIn.File> files, String status, String createdBy) {
    }

    private ChangeRequestStandIn() {
    }

    /** Merges into this space are refused with 409 and this message. */
    public static void conflictOn(String spaceId, String message) {
        CONFLICTS.put(spaceId, message);
    }

    /** Merges are no longer refused in this space. */
    public static void noConflict(String spaceId) {
        CONFLICTS.remove(spaceId);
    }

    /** Merges the space's open change request {@code number} as a reviewer would (its content wins); its id. */
    public static String merge(String spaceId, int number) {
        Branch b = BRANCHES.values().stream().filter(x -> x.space().equals(spaceId) && x.number() == number)
                .findFirst().orElseThrow();
        List<SpaceContentStandIn.Page> flat = new ArrayList<>();
        flatten(b.roots(), "", 0, flat);
        SpaceContentStandIn.update(b.space(), flat, b.files());
        BRANCHES.put(b.id(), new Branch(b.id(), b.number(), b.space(), b.subject(), b.roots(), b.files(), "merged", b.createdBy()));
        return b.id();
    }

    /** The space's change requests opened by imports: subject → status ("open", "merged"). */
    public static Map<String, String> changeRequests(String spaceId) {
        Map<String, String> out = new LinkedHashMap<>();
        BRANCHES.values().stream().filter(b -> b.space().equals(spaceId))
                .sorted(java.util.Comparator.comparingInt(Branch::number))
                .forEach(b -> out.put("#" + b.number() + " " + b.subject(), b.status()));
        return out;
    }

    /** The space's change requests: "#number subject" → the id of the user it is authored by. */
    public static Map<String, String> authors(String spaceId) {
        Map<String, String> out = new LinkedHashMap<>();
        BRANCHES.values().stream().filter(b -> b.space().equals(spaceId))
                .sorted(java.util.Comparator.comparingInt(Branch::number))
                .forEach(b -> out.put("#" + b.number() + " " + b.subject(), b.createdBy()));
        return out;
    }

    /** Who merged the space's change requests, in their order: review's internal merge names the member. */
    public static List<String> mergers(String spaceId) {
        return BRANCHES.values().stream().filter(b -> b.space().equals(spaceId) && MERGED_BY.containsKey(b.id()))
                .sorted(java.util.Comparator.comparingInt(Branch::number)).map(b -> MERGED_BY.get(b.id())).toList();
    }

    static boolean handles(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String method = exchange.getRequestMethod();
        Matcher m;
        if (method.equals("POST") && (m = OPEN.matcher(path)).matches()) {
            // review's ReviewChangeRequestsApi: opened for a member, who must be allowed to create one (edit and up)
            SpaceContentStandIn.Snapshot s = SpaceContentStandIn.snapshot(m.group(1));
            JsonNode body = JSON.readTree(exchange.getRequestBody());
            String user = body.path("createdBy").asText("");
            String role = s == null ? null : SpaceContentStandIn.role(m.group(1), user);
            if (role == null) {
                return send(exchange, 404, error(404, "no space"));
            }
            if (!List.of("admin", "create", "review", "edit").contains(role)) {
                return send(exchange, 403, error(403, "a " + role + " may not create change requests"));
            }
            Branch b = new Branch("cr" + IDS.incrementAndGet(), NUMBERS.incrementAndGet(), m.group(1),
                    body.path("subject").asText(""), nest(s.pages()), new ArrayList<>(s.files()), "open", user);
            BRANCHES.put(b.id(), b);
            return send(exchange, 200, Map.of("id", b.id(), "number", b.number(), "createdBy", user));
        }
        if (method.equals("POST") && (m = MERGE.matcher(path)).matches()) {
            // review's ReviewMergesApi: merged as a member, who must be allowed to merge (review and up)
            Branch b = BRANCHES.get(m.group(2));
            if (b == null) {
                return send(exchange, 404, error(404, "no change request"));
            }
            String user = JSON.readTree(exchange.getRequestBody()).path("mergedBy").asText("");
            String role = SpaceContentStandIn.role(b.space(), user);
            if (role == null) {
                return send(exchange, 404, error(404, "no space"));
            }
            if (!List.of("admin", "create", "review").contains(role)) {
                return send(exchange, 403, error(403, "a " + role + " may not merge change requests"));
            }
            MERGED_BY.put(b.id(), user);
            String conflict = CONFLICTS.get(b.space());
            if (conflict != null) {
                return send(exchange, 409, error(409, conflict));
            }
            List<SpaceContentStandIn.Page> flat = new ArrayList<>();
            flatten(b.roots(), "", 0, flat);
            String revision = SpaceContentStandIn.update(b.space(), flat, b.files());
            BRANCHES.put(b.id(), new Branch(b.id(), b.number(), b.space(), b.subject(), b.roots(), b.files(), "merged", b.createdBy()));
            return send(exchange, 200, Map.of("revision", revision, "result", "merge"));
        }
        if (method.equals("GET") && (m = TREE.matcher(path)).matches()) {
            Branch b = BRANCHES.get(m.group(2));
            if (b == null) {
                return send(exchange, 404, error(404, "no change request"));
            }
            List<SpaceContentStandIn.Page> flat = new ArrayList<>();
            flatten(b.roots(), "", 0, flat);
            List<Map<String, Object>> pages = new ArrayList<>();
            for (SpaceContentStandIn.Page p : flat) {
                Map<String, Object> page = new LinkedHashMap<>(); // a title may be null: no Map.of
                page.put("id", p.id());
                page.put("kind", p.kind());
                page.put("title", p.title());
                page.put("path", p.path());
                page.put("depth", p.depth());
                page.put("href", p.href());
                pages.add(page);
            }
            return send(exchange, 200, Map.of("space", b.space(), "revision", b.id() + "-head", "pages", pages));
        }
        if (method.equals("GET") && (m = FILES.matcher(path)).matches()) {
            Branch b = BRANCHES.get(m.group(2));
            if (b == null) {
                return send(exchange, 404, error(404, "no change request"));
            }
            List<Map<String, Object>> files = new ArrayList<>();
            for (SpaceContentStandIn.File f : b.files()) {
                files.add(Map.of("id", f.id(), "name", f.name(), "contentType", f.contentType(), "size", f.bytes().length));
            }
            return send(exchange, 200, Map.of("space", b.space(), "revision", b.id() + "-head", "files", files));
        }
        if (method.equals("POST") && (m = WRITE.matcher(path)).matches()) {
            Branch b = BRANCHES.get(m.group(2));
            if (b == null || !b.status().equals("open")) {
                return send(exchange, 404, error(404, "no open change request"));
            }
            String author = query(exchange, "author");
            if (author == null || !author.equals(b.createdBy())) {
                // the import writes for the change request's author, always
                return send(exchange, 400, error(400, "author " + author + " is not the change request's"));
            }
            WRITES.merge(b.id(), 1, Integer::sum);
            JsonNode changes = JSON.readTree(exchange.getRequestBody()).path("changes");
            if (!changes.isArray() || changes.isEmpty() || changes.size() > 50) {
                return send(exchange, 400, error(400, "changes must hold 1 to 50 operations"));
            }
            String refused = apply(b, changes);
            return refused == null ? send(exchange, 200, Map.of("id", b.id())) : send(exchange, 400, error(400, refused));
        }
        return false;
    }

    /** Applies a batch; the reason it is refused, or null. Not atomic: a refused batch is a test failure anyway. */
    private static String apply(Branch b, JsonNode changes) {
        Map<String, String> refs = new HashMap<>();
        for (int i = 0; i < changes.size(); i++) {
            JsonNode op = changes.get(i);
            String where = "changes[" + i + "] ";
            switch (op.path("operation").asText()) {
                case "insert_files" -> {
                    for (JsonNode f : op.path("files")) {
                        b.files().add(new SpaceContentStandIn.File("file" + IDS.incrementAndGet(), f.path("name").asText(),
                                f.path("contentType").asText("application/octet-stream"),
                                Base64.getDecoder().decode(f.path("base64").asText())));
                    }
                }
                case "delete_files" -> {
                    for (JsonNode id : op.path("files")) {
                        if (!b.files().removeIf(f -> f.id().equals(id.asText()))) {
                            return where + "files: no file " + id.asText();
                        }
                    }
                }
                case "insert_page" -> {
                    Node n = new Node();
                    n.id = "page" + IDS.incrementAndGet();
                    n.type = op.path("type").asText("document");
                    n.href = op.path("href").asText(null);
                    n.title = op.path("title").asText("Untitled");
                    n.slug = op.hasNonNull("slug") ? op.get("slug").asText() : Slugs.of(n.title);
                    n.description = op.path("description").asText(null);
                    n.markdown = op.path("document").path("markdown").asText("");
                    if (op.hasNonNull("ref")) {
                        refs.put(op.get("ref").asText(), n.id);
                    }
                    String into = op.hasNonNull("into") ? refs.getOrDefault(op.get("into").asText(), op.get("into").asText()) : null;
                    List<Node> siblings = into == null ? b.roots() : children(b.roots(), into);
                    if (siblings == null) {
                        return where + "into: no page " + into;
                    }
                    siblings.add(Math.min(op.path("at").asInt(siblings.size()), siblings.size()), n);
                }
                case "update_page" -> {
                    String id = refs.getOrDefault(op.path("page").asText(), op.path("page").asText());
                    Node n = find(b.roots(), id);
                    if (n == null) {
                        return where + "page: no page " + id;
                    }
                    if (op.has("title")) {
                        n.title = op.get("title").asText();
                    }
                    if (op.has("description")) {
                        n.description = op.get("description").asText();
                    }
                    if (op.has("type")) {
                        n.type = op.get("type").asText();
                    }
                    if (op.has("href")) {
                        n.href = op.get("href").asText();
                    }
                    if (op.has("document")) {
                        n.markdown = op.get("document").path("markdown").asText("");
                    }
                    if (op.has("into") || op.has("at")) {
                        String into = op.has("into") ? (op.get("into").isNull() ? null
                                : refs.getOrDefault(op.get("into").asText(), op.get("into").asText())) : parentOf(b.roots(), id);
                        remove(b.roots(), id);
                        List<Node> siblings = into == null ? b.roots() : children(b.roots(), into);
                        if (siblings == null) {
                            return where + "into: no page " + into;
                        }
                        siblings.add(Math.min(op.path("at").asInt(siblings.size()), siblings.size()), n);
                    }
                }
                case "delete_page" -> {
                    if (!remove(b.roots(), op.path("page").asText())) {
                        return where + "page: no page " + op.path("page").asText();
                    }
                }
                default -> {
                    return where + "unknown operation";
                }
            }
        }
        return null;
    }

    private static List<Node> nest(List<SpaceContentStandIn.Page> flat) {
        List<Node> roots = new ArrayList<>();
        List<List<Node>> levels = new ArrayList<>();
        levels.add(roots);
        for (SpaceContentStandIn.Page p : flat) {
            Node n = new Node();
            n.id = p.id();
            n.type = p.kind();
            n.title = p.title();
            n.slug = p.path() == null ? Slugs.of(p.title()) : p.path().substring(p.path().lastIndexOf('/') + 1);
            n.description = p.description();
            n.markdown = p.markdown();
            n.href = p.href();
            while (levels.size() > p.depth() + 1) {
                levels.removeLast();
            }
            levels.get(p.depth()).add(n);
            levels.add(n.children);
        }
        return roots;
    }

    private static void flatten(List<Node> nodes, String prefix, int depth, List<SpaceContentStandIn.Page> out) {
        for (Node n : nodes) {
            String path = prefix + n.slug;
            out.add(new SpaceContentStandIn.Page(n.id, n.type, n.title, path, depth, n.description, n.markdown, n.href));
            flatten(n.children, path + "/", depth + 1, out);
        }
    }

    private static Node find(List<Node> nodes, String id) {
        for (Node n : nodes) {
            if (n.id.equals(id)) {
                return n;
            }
            Node found = find(n.children, id);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static List<Node> children(List<Node> roots, String id) {
        Node n = find(roots, id);
        return n == null ? null : n.children;
    }

    private static String parentOf(List<Node> nodes, String id) {
        for (Node n : nodes) {
            for (Node c : n.children) {
                if (c.id.equals(id)) {
                    return n.id;
                }
            }
            String found = parentOf(n.children, id);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static boolean remove(List<Node> nodes, String id) {
        if (nodes.removeIf(n -> n.id.equals(id))) {
            return true;
        }
        for (Node n : nodes) {
            if (remove(n.children, id)) {
                return true;
            }
        }
        return false;
    }

    private static String query(HttpExchange exchange, String name) {
        String raw = exchange.getRequestURI().getRawQuery();
        for (String part : raw == null ? new String[0] : raw.split("&")) {
            int eq = part.indexOf('=');
            if (eq > 0 && part.substring(0, eq).equals(name)) {
                return java.net.URLDecoder.decode(part.substring(eq + 1), java.nio.charset.StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    private static Map<String, Object> error(int code, String message) {
        return Map.of("error", Map.of("code", code, "message", message));
    }

    private static boolean send(HttpExchange exchange, int status, Object body) throws IOException {
        HttpStandIn.reply(exchange, status, JSON.writeValueAsString(body));
        return true;
    }
}
