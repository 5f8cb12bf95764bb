package io.bindery.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.bindery.e2e.Stack.TestUser;
import io.restassured.response.Response;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import static io.bindery.e2e.ChangeRequestsE2ETest.changeRequests;
import static io.bindery.e2e.ContentFixtures.addMember;
import static io.bindery.e2e.ContentFixtures.as;
import static io.bindery.e2e.ContentFixtures.json;
import static io.bindery.e2e.ContentFixtures.branchPath;
import static io.bindery.e2e.ContentFixtures.insertPage;
import static io.bindery.e2e.ContentFixtures.spacePath;
import static io.bindery.e2e.ContentFixtures.titles;
import static io.bindery.e2e.ContentFixtures.tree;
import static io.bindery.e2e.ContentFixtures.written;
import static io.bindery.e2e.Stack.api;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Fixtures shared by the access, team-grant and concurrency e2e classes: organizations with members of given
 * roles, teams, user and team grants on spaces and collections, the expected {@code permissions} object of each
 * role, change requests that write one page each, and a small pooled HTTP client that counts answers by status
 * for the tests that run many threads. The older fixtures stay at the top of {@link CollectionsE2ETest},
 * {@link ContentAuthoringE2ETest} and {@link ChangeRequestsE2ETest}; these build on them.
 */
final class E2EFixtures {
    private E2EFixtures() {
    }

    // ---- roles and permissions ----

    /** Member roles, lowest to highest. */
    static final List<String> ROLES = List.of("read", "comment", "edit", "review", "create", "admin");
    static final List<String> SPACE_PERMISSIONS = List.of("view", "access", "admin", "viewInviteLinks", "edit",
            "triggerGitSync", "comment", "merge", "review", "installIntegration");
    static final List<String> COLLECTION_PERMISSIONS = List.of("view", "admin", "viewInviteLinks", "create");

    /** The keys of a live (not locked) space's {@code permissions} that are true for a role. */
    static String[] spacePermissionsOf(String role) {
        return switch (role) {
            case "read" -> new String[]{"view", "access"};
            case "comment" -> new String[]{"view", "access", "comment"};
            case "edit" -> new String[]{"view", "access", "comment", "edit"};
            case "review", "create" -> new String[]{"view", "access", "comment", "edit", "review", "merge"};
            case "admin" -> SPACE_PERMISSIONS.toArray(String[]::new);
            default -> throw new IllegalArgumentException(role);
        };
    }

    /** The caller's permissions object on the resource is exactly: these keys true, every other key false. */
    static void assertPermissions(String token, String path, List<String> keys, String... allowed) {
        Response r = api(token).get(path);
        assertEquals(200, r.statusCode(), "GET " + path + ": " + r.asString());
        Map<String, Object> expected = new TreeMap<>();
        for (String k : keys) {
            expected.put(k, Set.of(allowed).contains(k));
        }
        Map<String, Object> actual = r.path("permissions");
        assertEquals(expected, new TreeMap<>(actual), "permissions on " + path);
    }

    /** The caller's role on the space, read back from its permissions object: exactly {@code role}'s keys. */
    static void assertSpaceRole(String token, String space, String role) {
        assertPermissions(token, spacePath(space), SPACE_PERMISSIONS, spacePermissionsOf(role));
    }

    // ---- waiting ----

    /** Identity's changes reaching content-service through Kafka and the like: ≤ 30 s. */
    static void eventually(Runnable assertion) {
        within(Duration.ofSeconds(30), assertion);
    }

    static void within(Duration limit, Runnable assertion) {
        await().atMost(limit).pollInterval(Duration.ofMillis(100)).untilAsserted(assertion::run);
    }

    /** Polls until the assertion holds (≤ limit) and answers how long it took. */
    static Duration timed(Duration limit, Runnable assertion) {
        long t0 = System.nanoTime();
        await().atMost(limit).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(50)).untilAsserted(assertion::run);
        return Duration.ofNanos(System.nanoTime() - t0);
    }

    // ---- organizations and members ----

    /** An organization made by a fresh admin; {@link #join} adds members to it. */
    record TestOrg(String id, TestUser admin) {
        String path() {
            return "/v1/orgs/" + id;
        }
    }

    static TestOrg newTestOrg() {
        TestUser admin = Stack.newUser("example.com");
        return new TestOrg(Stack.newOrg(admin), admin);
    }

    /** A fresh user made a member of the organization with this role (null: a guest), through identity's invites. */
    static TestUser join(TestOrg org, String role) {
        TestUser u = Stack.newUser("example.com");
        addMember(org.admin(), org.id(), u, role);
        return u;
    }

    /** One fresh member per role asked, in that order (null: a guest). */
    static Map<String, TestUser> members(TestOrg org, String... roles) {
        Map<String, TestUser> m = new LinkedHashMap<>();
        for (String role : roles) {
            m.put(role == null ? "guest" : role, join(org, role));
        }
        return m;
    }

    // ---- teams ----

    static String teamsPath(String org) {
        return "/v1/orgs/" + org + "/teams";
    }

    /** PUT /orgs/{o}/teams {title, members}: a new team of these users (and its creator, as owner). */
    static String createTeam(String token, String org, String title, String... userIds) {
        return as(token).body(json("title", title, "members", List.of(userIds))).put(teamsPath(org))
                .then().statusCode(201).extract().path("id");
    }

    static void addToTeam(String token, String org, String team, String... userIds) {
        as(token).body(json("add", List.of(userIds))).put(teamsPath(org) + "/" + team + "/members").then().statusCode(204);
    }

    static void removeFromTeam(String token, String org, String team, String userId) {
        api(token).delete(teamsPath(org) + "/" + team + "/members/" + userId).then().statusCode(204);
    }

    static void deleteTeam(String token, String org, String team) {
        api(token).delete(teamsPath(org) + "/" + team).then().statusCode(204);
    }

    // ---- grants ----

    static String collectionPath(String collection) {
        return "/v1/collections/" + collection;
    }

    /** PATCH {base}/permissions/users/{u} {role}: base is a space's or a collection's path. */
    static void grantUser(String token, String base, String userId, String role) {
        Response r = as(token).body(json("role", role)).patch(base + "/permissions/users/" + userId);
        assertEquals(204, r.statusCode(), "user grant on " + base + ": " + r.asString());
    }

    /** PATCH {base}/permissions/teams/{t} {role}; the caller checks the status. */
    static Response patchTeamGrant(String token, String base, String team, Object role) {
        return as(token).body(json("role", role)).patch(base + "/permissions/teams/" + team);
    }

    static void grantTeam(String token, String base, String team, String role) {
        Response r = patchTeamGrant(token, base, team, role);
        assertEquals(204, r.statusCode(), "team grant on " + base + ": " + r.asString());
    }

    /** POST {base}/permissions with this body; the caller checks the status. */
    static Response invite(String token, String base, Map<String, Object> body) {
        return as(token).body(body).post(base + "/permissions");
    }

    // ---- change requests ----

    /** A change request (draft) with one new page of this title written into it; returns its id. */
    static String changeRequestWithPage(String token, String space, String title) {
        String cr = as(token).body(json("subject", "Adds " + title)).post(changeRequests(space))
                .then().statusCode(201).extract().path("id");
        written(token, space, cr, insertPage(title, "# " + title + "\n\nWritten by a change request.\n"));
        return cr;
    }

    static Response postComment(String token, String thread, String markdown) {
        return as(token).body(json("body", json("markdown", markdown))).post(thread + "/comments");
    }

    /** The titles of every page in the space's main content. */
    static List<String> mainTitles(String token, String space) {
        return titles(tree(token, spacePath(space) + "/content/pages"));
    }

    static String crPath(String space, String cr) {
        return branchPath(space, cr);
    }

    // ---- a counting HTTP client for the concurrent tests ----

    /** One answer: its status (-1 when the request failed without one) and its JSON body (missing when none). */
    record Reply(int status, JsonNode body, String raw) {
        String text(String field) {
            return body.path(field).asText(null);
        }
    }

    /**
     * java.net.http with one pooled connection set for all threads (RestAssured opens a connection per request,
     * which a many-thread run would spend ephemeral ports on). Counts every answer by status.
     */
    static final class Client {
        static final ObjectMapper JSON = new ObjectMapper();
        private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        private final Map<Integer, LongAdder> byStatus = new ConcurrentHashMap<>();
        private final LongAdder requests = new LongAdder();
        /** The first few answers of status ≥ 500 (or failed requests), for the failure message. */
        final List<String> serverErrors = java.util.Collections.synchronizedList(new ArrayList<>());

        Reply get(String token, String path) {
            return send(token, "GET", path, null);
        }

        Reply post(String token, String path, Object body) {
            return send(token, "POST", path, body);
        }

        Reply patch(String token, String path, Object body) {
            return send(token, "PATCH", path, body);
        }

        Reply send(String token, String method, String path, Object body) {
            requests.increment();
            int status = -1;
            String raw = "";
            try {
                HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(Stack.GATEWAY + path))
                        .timeout(Duration.ofSeconds(60)).header("Authorization", "Bearer " + token);
                if (body == null) {
                    b.method(method, HttpRequest.BodyPublishers.noBody());
                } else {
                    b.header("Content-Type", "application/json")
                            .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
                }
                HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
                status = r.statusCode();
                raw = r.body() == null ? "" : r.body();
                JsonNode parsed = raw.isBlank() ? MissingNode.getInstance() : JSON.readTree(raw);
                return new Reply(status, parsed, raw);
            } catch (IOException e) {
                raw = e.toString();
                return new Reply(status, MissingNode.getInstance(), raw);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                raw = e.toString();
                return new Reply(status, MissingNode.getInstance(), raw);
            } finally {
                byStatus.computeIfAbsent(status, k -> new LongAdder()).increment();
                if ((status >= 500 || status < 0) && serverErrors.size() < 20) {
                    serverErrors.add(method + " " + path + " -> " + status + " " + abbreviate(raw));
                }
            }
        }

        long requests() {
            return requests.sum();
        }

        /** Answers by status, ascending (-1: no answer). */
        Map<Integer, Long> byStatus() {
            Map<Integer, Long> m = new TreeMap<>();
            byStatus.forEach((k, v) -> m.put(k, v.sum()));
            return m;
        }

        long serverErrorCount() {
            return byStatus().entrySet().stream().filter(e -> e.getKey() >= 500 || e.getKey() < 0)
                    .mapToLong(Map.Entry::getValue).sum();
        }

        private static String abbreviate(String s) {
            return s.length() > 300 ? s.substring(0, 300) + "…" : s;
        }
    }
}
