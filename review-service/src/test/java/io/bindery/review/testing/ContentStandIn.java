package io.bindery.review.testing;

import io.bindery.contracts.content.SpaceAccessResponse;
import io.bindery.contracts.content.ReadableSpacesResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.bindery.commons.testing.HttpStandIn;
import io.bindery.commons.ids.Ids;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * content-service's internal API as review-service calls it (space access, readable spaces, branches: create,
 * read, update, merge), kept in memory, so review's @QuarkusTests run without content-service. A test may hook a
 * branch's update or merge to run something while content is "working", before review records the outcome.
 * Use with {@code @WithTestResource(ContentStandIn.class)}.
 */
public class ContentStandIn extends HttpStandIn {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static final class Space {
        final String id;
        final String organization;
        volatile String main = Ids.newId();
        final AtomicInteger numbers = new AtomicInteger();
        final Map<String, String> roles = new ConcurrentHashMap<>();

        Space(String id, String organization) {
            this.id = id;
            this.organization = organization;
        }
    }

    private static final class Branch {
        final String id;
        final String space;
        final int number;
        final String initial;
        String head;
        String ancestor;
        String status = "open";
        String merged;

        Branch(String id, String space, int number, String main) {
            this.id = id;
            this.space = space;
            this.number = number;
            this.initial = main;
            this.head = main;
            this.ancestor = main;
        }
    }

    private static final Map<String, Space> SPACES = new ConcurrentHashMap<>();
    private static final Map<String, Branch> BRANCHES = new ConcurrentHashMap<>();
    /** What to run inside content's handling of a call, keyed by "update:branch", "merge:branch" or "create:space". */
    private static final Map<String, Consumer<String>> HOOKS = new ConcurrentHashMap<>();

    @Override
    protected Map<String, HttpHandler> routes() {
        return Map.of("/internal/", ContentStandIn::handle);
    }

    @Override
    protected Map<String, String> config(String baseUrl) {
        // content's events are fed to the consumer by the tests (ContentEventsFeed), not read from the shared broker
        return Map.of("bindery.content-url", baseUrl, "bindery.consumers.content-events.enabled", "false");
    }

    /** A new space of the organization; {@code admins} get the admin role on it. */
    public static String space(String organization, String... admins) {
        Space s = new Space(Ids.newId(), organization);
        for (String a : admins) {
            s.roles.put(a, "admin");
        }
        SPACES.put(s.id, s);
        return s.id;
    }

    public static void grant(String space, String user, String role) {
        SPACES.get(space).roles.put(user, role);
    }

    /** The space's live revision. */
    public static String main(String space) {
        return SPACES.get(space).main;
    }

    /** Main moves (another change request merged, say): the new live revision. */
    public static String moveMain(String space) {
        Space s = SPACES.get(space);
        s.main = Ids.newId();
        return s.main;
    }

    /** A content batch written on the branch: its new head. */
    public static synchronized String write(String branch) {
        Branch b = BRANCHES.get(branch);
        b.head = Ids.newId();
        return b.head;
    }

    public static String head(String branch) {
        return BRANCHES.get(branch).head;
    }

    /** Runs {@code hook} (given the branch id) after content's next update of the branch, before it answers. */
    public static void duringUpdate(String branch, Consumer<String> hook) {
        HOOKS.put("update:" + branch, hook);
    }

    public static void duringMerge(String branch, Consumer<String> hook) {
        HOOKS.put("merge:" + branch, hook);
    }

    /** Runs {@code hook} (given the new branch id) after content's next branch creation in the space, before it answers. */
    public static void duringCreate(String space, Consumer<String> hook) {
        HOOKS.put("create:" + space, hook);
    }

    private static void hook(String key, String branch) {
        Consumer<String> hook = HOOKS.remove(key);
        if (hook != null) {
            hook.accept(branch);
        }
    }

    private static void handle(HttpExchange ex) throws IOException {
        try {
            String[] p = ex.getRequestURI().getPath().split("/"); // "", "internal", ...
            Map<String, String> query = query(ex.getRequestURI().getRawQuery());
            String method = ex.getRequestMethod();
            JsonNode body = method.equals("POST") ? JSON.readTree(ex.getRequestBody()) : null;
            if (p.length == 6 && p[2].equals("orgs") && p[4].equals("readable-spaces")) {
                List<String> ids = new ArrayList<>();
                SPACES.values().forEach(s -> {
                    if (s.organization.equals(p[3]) && s.roles.containsKey(query.get("user"))) {
                        ids.add(s.id);
                    }
                });
                reply(ex, 200, JSON.valueToTree(new ReadableSpacesResponse(ids)));
                return;
            }
            Space space = p.length >= 5 && p[2].equals("spaces") ? SPACES.get(p[3]) : null;
            if (space == null) {
                error(ex, 404, "no space");
                return;
            }
            if (p.length == 5 && p[4].equals("access")) {
                // built from content's contract record, so the stand-in answers what content answers
                reply(ex, 200, JSON.valueToTree(new SpaceAccessResponse(new SpaceAccessResponse.Space(space.id,
                        space.organization, "Space " + space.id, "live", null, space.main, false),
                        space.roles.get(query.get("user")))));
                return;
            }
            if (p.length == 5 && p[4].equals("branches") && method.equals("POST")) {
                String id = body.path("id").asText(Ids.newId());
                ObjectNode answer;
                synchronized (ContentStandIn.class) {
                    Branch b = new Branch(id, space.id, space.numbers.incrementAndGet(), space.main);
                    BRANCHES.put(id, b);
                    answer = view(b);
                }
                hook("create:" + space.id, id);
                reply(ex, 201, answer);
                return;
            }
            Branch b = p.length >= 6 && p[4].equals("branches") ? BRANCHES.get(p[5]) : null;
            if (b == null || !b.space.equals(space.id)) {
                error(ex, 404, "no branch");
                return;
            }
            if (p.length == 6 && method.equals("GET")) {
                reply(ex, 200, view(b));
            } else if (p.length == 7 && p[6].equals("update")) {
                ObjectNode answer;
                synchronized (ContentStandIn.class) {
                    if (!b.status.equals("open")) {
                        error(ex, 409, "change request " + b.id + " is " + b.status);
                        return;
                    }
                    if (!b.ancestor.equals(space.main)) {
                        b.head = Ids.newId();
                        b.ancestor = space.main;
                    }
                    answer = outcome(b.head, "update", b);
                }
                hook("update:" + b.id, b.id);
                reply(ex, 200, answer);
            } else if (p.length == 7 && p[6].equals("merge")) {
                ObjectNode answer;
                synchronized (ContentStandIn.class) {
                    if (!b.status.equals("open")) {
                        error(ex, 409, "change request " + b.id + " is " + b.status);
                        return;
                    }
                    space.main = Ids.newId();
                    b.status = "merged";
                    b.merged = space.main;
                    answer = outcome(b.merged, "merge", b);
                }
                hook("merge:" + b.id, b.id);
                reply(ex, 200, answer);
            } else {
                error(ex, 404, "not in the stand-in: " + method + " " + ex.getRequestURI());
            }
        } catch (RuntimeException e) {
            error(ex, 500, String.valueOf(e));
        }
    }

    private static ObjectNode view(Branch b) {
        Space s = SPACES.get(b.space);
        ObjectNode v = JSON.createObjectNode().put("object", "branch").put("id", b.id).put("number", b.number)
                .put("status", b.status).put("space", b.space).put("revision", b.head).put("revisionInitial", b.initial)
                .put("revisionMergedAncestor", b.ancestor).put("outdated", b.status.equals("open") && !b.ancestor.equals(s.main));
        if (b.merged != null) {
            v.put("revisionMerged", b.merged);
        }
        return v;
    }

    private static ObjectNode outcome(String revision, String result, Branch b) {
        ObjectNode o = JSON.createObjectNode().put("revision", revision).put("result", result);
        o.set("changeRequest", view(b));
        return o;
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> out = new ConcurrentHashMap<>();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0) {
                    out.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                            URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
        }
        return out;
    }

    private static void error(HttpExchange ex, int status, String message) throws IOException {
        ObjectNode e = JSON.createObjectNode();
        e.set("error", JSON.createObjectNode().put("code", status).put("message", message));
        reply(ex, status, e);
    }

    private static void reply(HttpExchange ex, int status, JsonNode body) throws IOException {
        reply(ex, status, JSON.writeValueAsString(body));
    }
}
