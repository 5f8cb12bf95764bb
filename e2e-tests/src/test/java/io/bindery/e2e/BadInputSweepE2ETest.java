package io.bindery.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

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
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 28 §2: hostile input on every seed operation gets an error the client can read, never a 5xx and never a
 * body without {@code {"error": {"code", "message"}}}. Probes: hostile ids in the first and the last path parameter
 * (long, {@code ../}, {@code %00}, unicode, SQL-ish), a 5,000-character {@code page} and other long targets, long
 * and odd headers, malformed JSON and bodies of the wrong JSON type. Requests go through a plain HTTP client (not
 * RestAssured, which would re-encode the hostile paths); what is known is a {@link ConformanceAllowlist#sweep}
 * entry. Counts go to standard output and {@code target/bad-input-sweep.txt}.
 */
class BadInputSweepE2ETest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder()
            // HTTP/1.1 as GitBook's clients (fetch) speak it; the JDK's default h2c upgrade is not what they send
            .version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    /** Hostile path segments, already as they go on the wire. */
    private static final Map<String, String> IDS = new LinkedHashMap<>();

    static {
        IDS.put("long id (3000)", "a".repeat(3000));
        IDS.put("dot-dot", "..");
        IDS.put("encoded ../", "..%2F..%2Finternal");
        IDS.put("NUL", "a%00b");
        IDS.put("unicode", "%C3%A9t%C3%A9-%F0%9F%92%A5-%E2%80%AE");
        IDS.put("SQL-ish", "1'%20OR%20'1'%3D'1%3B--");
        IDS.put("percent", "100%25");
        IDS.put("spaces", "a%20b%09c");
    }

    private static final Map<String, String> BODIES = new LinkedHashMap<>();

    static {
        BODIES.put("truncated JSON", "{\"title\": ");
        BODIES.put("not JSON", "title=hello");
        BODIES.put("unclosed array", "[1, 2");
        BODIES.put("NUL byte", "{\"title\": \"a\u0000b\"}");
        BODIES.put("deep nesting", "[".repeat(5000) + "]".repeat(5000));
        BODIES.put("huge number", "{\"title\": 1e999999999}");
        BODIES.put("array body", "[]");
        BODIES.put("number body", "12345");
        BODIES.put("string body", "\"hello\"");
        BODIES.put("null body", "null");
        BODIES.put("empty body", "");
        BODIES.put("BOM", "\uFEFF{}");
        BODIES.put("lone surrogate", "{\"title\": \"\\ud800\"}");
    }

    private final SweepFixtures f = new SweepFixtures();
    private final Map<String, AtomicInteger> byStatus = new TreeMap<>();
    private final Map<String, AtomicInteger> allowedCounts = new TreeMap<>();
    private final List<String> failures = new ArrayList<>();
    private int sent;
    private int serverErrors;
    private int withoutErrorBody;

    private record Answer(int status, String body) {
    }

    private Answer send(String method, String target, Map<String, String> headers, String body) {
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(Stack.GATEWAY + target)).timeout(Duration.ofSeconds(30));
            b.header("Authorization", "Bearer " + f.token());
            headers.forEach(b::setHeader);
            b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
            HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(r.statusCode(), r.body());
        } catch (IOException e) {
            return new Answer(-1, "connection: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void probe(String op, String probe, String method, String target, Map<String, String> headers, String body) {
        Answer a = send(method, target, headers, body);
        sent++;
        byStatus.computeIfAbsent(a.status < 0 ? "no answer" : a.status / 100 + "xx", k -> new AtomicInteger()).incrementAndGet();
        String problem = null;
        if (a.status < 0 || a.status >= 500) {
            problem = "5xx";
        } else if (a.status >= 400 && !isErrorBody(a.body)) {
            problem = "no error body";
        }
        if (problem == null) {
            return;
        }
        String finding = problem + " " + a.status + " " + (a.body.length() > 200 ? a.body.substring(0, 200) : a.body);
        String reason = ConformanceAllowlist.sweep(op, probe, finding);
        if (reason != null) {
            allowedCounts.computeIfAbsent(reason, k -> new AtomicInteger()).incrementAndGet();
            return;
        }
        if (problem.equals("5xx")) {
            serverErrors++;
        } else {
            withoutErrorBody++;
        }
        if (failures.size() < 200) {
            failures.add(op + " [" + probe + "] " + method + " " + abbreviate(target) + ": " + finding);
        }
    }

    static boolean isErrorBody(String body) {
        try {
            JsonNode error = JSON.readTree(body).path("error");
            return error.path("code").isNumber() && error.path("message").isTextual() && !error.path("message").asText().isEmpty();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 160 ? s.substring(0, 160) + "…(" + s.length() + ")" : s;
    }

    /** The path with a fixture for every parameter; a delete's last one is an id that does not exist. */
    private String fixturePath(String method, String template) {
        String path = f.path(template, false);
        if (method.equals("DELETE")) {
            int slash = path.lastIndexOf('/');
            if (template.endsWith("}")) {
                path = path.substring(0, slash + 1) + "no-such-id";
            }
        }
        return path;
    }

    /** The path with the n-th parameter (0: first, -1: last) replaced by a hostile segment, the others fixtures. */
    private String hostilePath(String template, int which, String segment) {
        String[] parts = template.split("/");
        List<Integer> params = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            if (parts[i].startsWith("{")) {
                params.add(i);
            }
        }
        int replace = which < 0 ? params.get(params.size() - 1) : params.get(which);
        String fixture = f.path(template, false);
        String[] concrete = fixture.substring("/v1".length()).split("/");
        concrete[replace] = segment;
        return "/v1" + String.join("/", concrete);
    }

    @Test
    void hostileInputGetsAnErrorBodyAndNever5xx() {
        List<String[]> ops = SchemaBodies.seedOperations();
        SchemaBodies v202 = SchemaBodies.gitbook("0.202.0");
        SchemaBodies v167 = SchemaBodies.gitbook("0.167.0");
        Map<String, String> json = Map.of("Content-Type", "application/json");
        for (String[] seed : ops) {
            String method = seed[0];
            String template = seed[1];
            String op = method + " " + template;
            boolean hasBody = v202.bodySchema(v202.operation(method, template)) != null
                    || v167.bodySchema(v167.operation(method, template)) != null || method.equals("PUT") || method.equals("PATCH");
            String validBody = hasBody ? "{}" : null;
            int params = template.split("\\{", -1).length - 1;
            for (var id : IDS.entrySet()) {
                if (params > 0) {
                    probe(op, "id: " + id.getKey(), method, hostilePath(template, -1, id.getValue()), json, validBody);
                }
                if (params > 1) {
                    probe(op, "first id: " + id.getKey(), method, hostilePath(template, 0, id.getValue()), json, validBody);
                }
            }
            String path = fixturePath(method, template);
            probe(op, "target: page 5000", method, path + "?page=" + "p".repeat(5000), json, validBody);
            probe(op, "target: limit 5000 digits", method, path + "?limit=" + "9".repeat(5000), json, validBody);
            probe(op, "target: 20000", method, path + "?q=" + "x".repeat(20000), json, validBody);
            probe(op, "target: odd params", method, path + "?page=%00&limit=-1&limit=abc&order=%F0%9F%92%A5", json, validBody);
            probe(op, "header: long authorization", method, path, Map.of("Authorization", "Bearer " + "t".repeat(6000)), validBody);
            probe(op, "header: long custom", method, path, Map.of("X-Sweep", "h".repeat(7000), "Content-Type", "application/json"), validBody);
            probe(op, "header: many", method, path, manyHeaders(), validBody);
            probe(op, "header: odd content-type", method, path, Map.of("Content-Type", "application/json; charset=utf-99"), validBody);
            probe(op, "header: not a bearer", method, path, Map.of("Authorization", "Basic Og=="), validBody);
            if (hasBody) {
                for (var body : BODIES.entrySet()) {
                    probe(op, "body: " + body.getKey(), method, path, json, body.getValue());
                }
                probe(op, "body: text/plain", method, path, Map.of("Content-Type", "text/plain"), "{}");
            }
        }
        StringBuilder out = new StringBuilder("Bad-input sweep: ").append(sent).append(" requests over ").append(ops.size())
                .append(" seed operations; by status ").append(byStatus).append("; 5xx: ").append(serverErrors)
                .append("; errors without {\"error\":{\"code\",\"message\"}}: ").append(withoutErrorBody).append('\n');
        allowedCounts.forEach((reason, n) -> out.append("  allowed ").append(n).append("x: ").append(reason).append('\n'));
        failures.forEach(fl -> out.append("  FAIL ").append(fl).append('\n'));
        System.out.print(out);
        SchemaBodies.writeReport("bad-input-sweep.txt", out.toString());
        assertEquals(143, ops.size());
        assertTrue(sent > 143 * 10, "too few probes: " + sent);
        assertEquals(List.of(), failures, "hostile input answered with a 5xx or without an error body");
    }

    private static Map<String, String> manyHeaders() {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Content-Type", "application/json");
        for (int i = 0; i < 90; i++) {
            h.put("X-Sweep-" + i, "v".repeat(100));
        }
        return h;
    }
}
