package io.bindery.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

import static io.bindery.e2e.ContentFixtures.as;
import static io.bindery.e2e.ContentFixtures.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 28 §2: what a client generated from GitBook's 0.202.0 document sends, Bindery accepts. For every seed
 * operation with a request body: (a) a body of only its required fields and (b) one with every documented field
 * (values from the schema, ids of {@link SweepFixtures}) must not be answered 400; (c) per top-level field, a value
 * of a type the schema does not allow must be answered 400 with a message that names the field. Known exceptions are
 * {@link ConformanceAllowlist#sweep} entries. The table goes to standard output and
 * {@code target/acceptance-sweep.md}.
 */
class AcceptanceSweepE2ETest {
    private static final SchemaBodies GITBOOK = SchemaBodies.gitbook("0.202.0");
    /** Operations whose success moves or uses up the resource their path ends on: a fresh one per request. */
    private static final Set<String> FRESH = Set.of(
            "POST /collections/{collectionId}/move", "POST /collections/{collectionId}/transfer",
            "POST /spaces/{spaceId}/move", "POST /spaces/{spaceId}/change-requests",
            "POST /integrations/{integrationName}/installations",
            "POST /orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move",
            "POST /orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move",
            "POST /orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move");

    private final SweepFixtures f = new SweepFixtures();

    /** Values a field must have to point at a fixture or be unique; by JSON pointer or by field name. */
    private Map<String, Object> overrides(String op) {
        Map<String, Object> o = new LinkedHashMap<>();
        String user = f.member.id();
        o.put("members", List.of(user));
        o.put("add", List.of(user));
        o.put("remove", List.of());
        o.put("memberships", Map.of(user, Map.of("role", "member")));
        o.put("defaultTeam", f.team());
        o.put("certificate", f.certificate());
        o.put("spaces", List.of(f.space()));
        o.put("changeRequestId", f.changeRequest());
        o.put("page", f.page());
        o.put("slug", "sweep-" + UUID.randomUUID().toString().substring(0, 8));
        o.put("tunnelUrl", "https://example.com/tunnel");
        o.put("hostname", "sweep" + UUID.randomUUID().toString().substring(0, 6));
        o.put("emailDomains", List.of("sweep.example.com"));
        o.put("defaultContent", json("type", "site", "site", f.site()));
        o.put("organization", f.org);
        o.put("path", "sweep-path-" + UUID.randomUUID().toString().substring(0, 6));
        o.put("condition", "true");
        switch (op) {
            case "POST /orgs/{organizationId}/collections" -> o.put("parent", f.collection());
            case "POST /collections/{collectionId}/move" -> {
                o.put("parent", f.collection());
                o.put("position", json("before", json("type", "collection", "collection", f.newCollectionIn(f.collection()))));
            }
            case "POST /collections/{collectionId}/transfer" -> o.put("organization", f.org2());
            case "POST /spaces/{spaceId}/move" -> {
                o.put("parent", f.collection());
                o.put("position", json("before", json("type", "space", "space", f.spaceIn(f.collection()))));
            }
            case "POST /spaces/{spaceId}/content/template", "POST /spaces/{spaceId}/change-requests" -> {
                o.put("id", "product-docs");
                o.put("/template/id", "product-docs");
                o.put("contentRefs", Map.of());
            }
            case "POST /orgs/{organizationId}/sites/{siteId}/site-spaces" -> {
                o.put("spaceId", f.newSpace());
                o.put("sectionId", f.section());
                o.put("/template/id", "product-docs");
                o.put("contentRefs", Map.of());
                o.put("pageId", null);
            }
            case "PATCH /orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}" -> {
                o.put("spaceId", f.newSpace());
                o.put("pageId", null);
            }
            case "POST /orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move" ->
                    o.put("position", json("before", json("type", "site-space", "siteSpace", f.siteSpace())));
            case "POST /orgs/{organizationId}/sites/{siteId}/sections" -> {
                o.put("spaceId", f.newSpace());
                o.put("/template/id", "product-docs");
                o.put("contentRefs", Map.of());
                o.put("siteSectionGroupId", f.sectionGroup());
            }
            case "PATCH /orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}" -> {
                o.put("siteSectionGroupId", f.sectionGroup());
                o.put("defaultSiteSpace", f.sectionSiteSpace());
            }
            case "POST /orgs/{organizationId}/sites/{siteId}/sections/{siteSectionId}/move" ->
                    o.put("position", json("before", json("type", "site-section", "siteSection", f.section())));
            case "POST /orgs/{organizationId}/sites/{siteId}/section-groups" -> {
                o.put("sections", List.of(f.newSection()));
                o.put("parent", f.sectionGroup());
            }
            case "PATCH /orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}" ->
                    o.put("parentSectionGroupId", f.newSectionGroup());
            case "POST /orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}/move" ->
                    o.put("position", json("before", json("type", "site-section", "id", f.section())));
            case "PATCH /orgs/{organizationId}/sites/{siteId}" -> {
                o.put("defaultSiteSpace", f.sectionSiteSpace());
                o.put("defaultSiteSection", f.section());
            }
            case "POST /orgs/{organizationId}/translations" -> {
                o.put("/source/space", f.space());
                o.put("/language", "es");
            }
            default -> {
            }
        }
        return o;
    }

    record Row(String op, String minimal, String full, int wrongTypeFields, int wrongType400, List<String> notes) {
    }

    @Test
    void everyDocumentedBodyIsAcceptedAndEveryWrongTypeRefused() {
        List<Row> rows = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (String[] seed : SchemaBodies.seedOperations()) {
            String op = seed[0] + " " + seed[1];
            JsonNode operation = GITBOOK.operation(seed[0], seed[1]);
            JsonNode schema = GITBOOK.bodySchema(operation);
            if (schema == null) {
                if (operation == null && !seed[0].equals("GET") && !seed[0].equals("DELETE")) {
                    skipped.add(op);
                }
                continue;
            }
            List<String> notes = new ArrayList<>();
            // (c) first: refused requests change nothing
            // each wrong value goes in the minimal body, so that nothing else in it can be the reason for a 400
            Map<String, JsonNode> fields = GITBOOK.topLevelProperties(schema);
            JsonNode minimalBody = GITBOOK.minimal(schema, new SchemaBodies.Overrides(overrides(op)));
            int tried = 0;
            int refused = 0;
            for (var field : fields.entrySet()) {
                JsonNode wrong = GITBOOK.wrongValue(field.getValue());
                if (wrong == null || !(minimalBody instanceof ObjectNode)) {
                    continue;
                }
                tried++;
                ObjectNode body = ((ObjectNode) minimalBody).deepCopy();
                body.set(field.getKey(), wrong);
                Call c = send(seed[0], f.path(seed[1], FRESH.contains(op)), body, false);
                String check = "wrong-type " + field.getKey();
                boolean ok = c.status == 400 && c.message.contains(field.getKey());
                if (ok) {
                    refused++;
                } else {
                    String finding = check + " " + SchemaBodies.write(wrong) + ": " + c.status + " " + c.raw;
                    judge(op, check, finding, notes, failures);
                }
            }
            String minimal = attempt(op, seed, "minimal", () -> GITBOOK.minimal(schema, new SchemaBodies.Overrides(overrides(op))), notes, failures);
            String full = attempt(op, seed, "full", () -> GITBOOK.full(schema, new SchemaBodies.Overrides(overrides(op))), notes, failures);
            rows.add(new Row(op, minimal, full, tried, refused, notes));
        }
        String table = table(rows, skipped);
        System.out.println(table);
        SchemaBodies.writeReport("acceptance-sweep.md", table);
        assertTrue(rows.size() >= 40, "the sweep found only " + rows.size() + " operations with a body");
        assertEquals(List.of(), failures, "GitBook requests Bindery mishandles (allow-list only with a reason)");
    }

    private record Call(int status, String message, String raw) {
    }

    /** With {@code checked}, through {@link GitBookConformance} (request and response); wrong types go without. */
    private Call send(String method, String path, JsonNode body, boolean checked) {
        try {
            var spec = checked ? as(f.token()) : io.restassured.RestAssured.given().baseUri(Stack.GATEWAY)
                    .header("Authorization", "Bearer " + f.token()).contentType("application/json");
            Response r = spec.body(SchemaBodies.write(body)).request(method, path);
            String raw = r.asString();
            String message = "";
            try {
                message = r.jsonPath().getString("error.message");
            } catch (RuntimeException ignored) {
                // not JSON: the raw body tells
            }
            return new Call(r.statusCode(), message == null ? "" : message, raw.length() > 300 ? raw.substring(0, 300) : raw);
        } catch (AssertionError conformance) {
            // the response itself does not conform to GitBook's documents (GitBookConformance)
            return new Call(-1, "", conformance.getMessage().length() > 600 ? conformance.getMessage().substring(0, 600) : conformance.getMessage());
        }
    }

    private String attempt(String op, String[] seed, String kind, Supplier<JsonNode> body, List<String> notes, List<String> failures) {
        JsonNode b = body.get();
        Call c = send(seed[0], f.path(seed[1], FRESH.contains(op)), b, true);
        if (c.status >= 200 && c.status < 400) {
            return "ok " + c.status;
        }
        String finding = kind + ": " + c.status + " " + c.raw + "\n      body " + abbreviate(SchemaBodies.write(b));
        boolean allowed = judge(op, kind, finding, notes, failures);
        // 400 refuses a valid GitBook request; a 404/409 on fixtures (not found, already there) is reported, not failed
        if (c.status == 400 || c.status < 0 || c.status >= 500) {
            return (allowed ? "allowed " : "FAIL ") + (c.status < 0 ? "nonconforming" : c.status);
        }
        return "other " + c.status;
    }

    /** Records a finding: allowed (with its reason in the notes) or a failure. */
    private boolean judge(String op, String check, String finding, List<String> notes, List<String> failures) {
        String reason = ConformanceAllowlist.sweep(op, check, finding);
        if (reason != null) {
            notes.add(check + ": allowed, " + reason);
            return true;
        }
        if (check.startsWith("wrong-type") || finding.contains(": 400 ") || finding.contains(": -1 ") || finding.matches("(?s)\\w+: 5\\d\\d .*")) {
            failures.add(op + " " + finding);
        } else {
            notes.add(finding);
        }
        return false;
    }

    private static String abbreviate(String s) {
        return s.length() > 400 ? s.substring(0, 400) + "…" : s;
    }

    private static String table(List<Row> rows, List<String> skipped) {
        StringBuilder out = new StringBuilder("# Acceptance sweep (@gitbook/api 0.202.0 request bodies)\n\n")
                .append("| operation | minimal ok | full ok | wrong-type 400 |\n|---|---|---|---|\n");
        int minimalOk = 0;
        int fullOk = 0;
        int fields = 0;
        int refused = 0;
        for (Row r : rows) {
            out.append("| ").append(r.op()).append(" | ").append(r.minimal()).append(" | ").append(r.full())
                    .append(" | ").append(r.wrongType400()).append("/").append(r.wrongTypeFields()).append(" |\n");
            minimalOk += r.minimal().startsWith("ok") ? 1 : 0;
            fullOk += r.full().startsWith("ok") ? 1 : 0;
            fields += r.wrongTypeFields();
            refused += r.wrongType400();
        }
        out.append("| **").append(rows.size()).append(" operations** | ").append(minimalOk).append(" ok | ").append(fullOk)
                .append(" ok | ").append(refused).append("/").append(fields).append(" |\n\n");
        if (!skipped.isEmpty()) {
            out.append("Seed operations with a body that 0.202.0 does not document (not swept): ").append(String.join(", ", skipped)).append("\n\n");
        }
        for (Row r : rows) {
            if (!r.notes().isEmpty()) {
                out.append("- ").append(r.op()).append('\n');
                r.notes().forEach(n -> out.append("  - ").append(n.replace("\n", " ")).append('\n'));
            }
        }
        return out.toString();
    }
}
