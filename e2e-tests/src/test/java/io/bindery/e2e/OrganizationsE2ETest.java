package io.bindery.e2e;

import io.bindery.e2e.Stack.TestUser;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.bindery.e2e.Stack.api;
import static org.hamcrest.Matchers.*;

/** Organizations through the gateway: list, read, patch (every limit), join, e-mail domains, invites. */
class OrganizationsE2ETest {
    static String domain() {
        return "d" + UUID.randomUUID().toString().substring(0, 8) + ".example.com";
    }

    @Test
    void membersSeeTheirOrganizationsOthersGet404() {
        TestUser owner = Stack.newUser("example.com");
        TestUser stranger = Stack.newUser("example.com");
        String org = Stack.newOrg(owner);
        api(owner.token()).get("/v1/orgs/" + org).then().statusCode(200)
                .body("object", equalTo("organization")).body("id", equalTo(org))
                .body("permissions.admin", equalTo(true)).body("permissions.listMembers", equalTo(true))
                .body("$", hasKey("defaultRole")).body("trial.status", notNullValue());
        api(owner.token()).get("/v1/orgs").then().statusCode(200)
                .body("items.id", hasItem(org)).body("count", greaterThanOrEqualTo(1));
        api(stranger.token()).get("/v1/orgs/" + org).then().statusCode(404).body("error.code", equalTo(404));
        api(stranger.token()).get("/v1/orgs").then().statusCode(200).body("items.id", not(hasItem(org)));
        api(owner.token()).get("/v1/orgs/nope").then().statusCode(404);
        api().get("/v1/orgs/" + org).then().statusCode(401);
    }

    @Test
    void organizationListPagesWithLimit() {
        TestUser owner = Stack.newUser("example.com");
        for (int i = 0; i < 3; i++) {
            Stack.newOrg(owner);
        }
        String next = api(owner.token()).get("/v1/orgs?limit=2").then().statusCode(200)
                .body("items", hasSize(2)).body("count", equalTo(3)).extract().path("next.page");
        api(owner.token()).get("/v1/orgs?limit=2&page=" + next).then().statusCode(200)
                .body("items", hasSize(1)).body("$", not(hasKey("next")));
        api(owner.token()).get("/v1/orgs?limit=0").then().statusCode(400).body("error.message", containsString("limit"));
        api(owner.token()).get("/v1/orgs?limit=1001").then().statusCode(400);
        api(owner.token()).get("/v1/orgs?page=garbage").then().statusCode(400).body("error.message", containsString("page"));
    }

    @Test
    void adminsPatchEveryFieldWithinItsLimits() {
        TestUser owner = Stack.newUser("example.com");
        String org = Stack.newOrg(owner);
        String hostname = "h" + UUID.randomUUID().toString().substring(0, 10);
        api(owner.token()).contentType(ContentType.JSON).body(Map.of(
                        "title", "Renamed", "emailDomains", List.of("acme.io"), "hostname", hostname,
                        "defaultRole", "edit", "sso", true, "ai", true, "inviteLinks", false,
                        "logo", "https://example.com/logo.png",
                        "defaultContent", Map.of("type", "site", "site", "site123"),
                        "mergeRules", Map.of("type", "rules", "rules", List.of(Map.of("rule", "require_specific_reviewers", "users", List.of(owner.id()))))))
                .patch("/v1/orgs/" + org).then().statusCode(200)
                .body("title", equalTo("Renamed")).body("emailDomains", contains("acme.io")).body("hostname", equalTo(hostname))
                .body("defaultRole", equalTo("edit")).body("sso", equalTo(true)).body("ai", equalTo(true))
                .body("inviteLinks", equalTo(false)).body("urls.logo", equalTo("https://example.com/logo.png"))
                .body("defaultContent.site", equalTo("site123")).body("mergeRules.type", equalTo("rules"));
        String body = "{\"defaultRole\":null,\"defaultContent\":null,\"logo\":null}";
        api(owner.token()).contentType(ContentType.JSON).body(body).patch("/v1/orgs/" + org).then().statusCode(200)
                .body("defaultRole", nullValue()).body("$", not(hasKey("defaultContent"))).body("urls", not(hasKey("logo")))
                .body("title", equalTo("Renamed"));

        Map<String, Object> bad = Map.of(
                "title", "x", "hostname", "ab", "emailDomains", List.of("not a domain"), "defaultRole", "owner",
                "logo", "ftp://x", "defaultContent", Map.of("type", "space"), "mergeRules", Map.of("type", "weird"));
        bad.forEach((field, value) -> api(owner.token()).contentType(ContentType.JSON).body(Map.of(field, value))
                .patch("/v1/orgs/" + org).then().statusCode(400).body("error.message", containsString(field)));
        api(owner.token()).contentType(ContentType.JSON).body(Map.of("title", "y".repeat(256)))
                .patch("/v1/orgs/" + org).then().statusCode(400).body("error.message", containsString("title"));
        api(owner.token()).contentType(ContentType.JSON).body(Map.of("hostname", "h".repeat(33)))
                .patch("/v1/orgs/" + org).then().statusCode(400).body("error.message", containsString("hostname"));
        api(owner.token()).contentType(ContentType.JSON).body(Map.of("sso", "yes"))
                .patch("/v1/orgs/" + org).then().statusCode(400).body("error.message", containsString("sso"));
        api(owner.token()).contentType(ContentType.JSON).body("{\"title\": ").patch("/v1/orgs/" + org).then().statusCode(400);
        // hostname taken by another organization
        String other = Stack.newOrg(owner);
        api(owner.token()).contentType(ContentType.JSON).body(Map.of("hostname", hostname))
                .patch("/v1/orgs/" + other).then().statusCode(409);
    }

    @Test
    void onlyAdminsPatchAndStrangersSeeNothing() {
        String d = domain();
        TestUser owner = Stack.newUser(d);
        TestUser member = Stack.newUser(d);
        TestUser otherAdmin = Stack.newUser("example.com");
        String org = Stack.newOrg(owner, d);
        Stack.newOrg(otherAdmin);
        api(member.token()).post("/v1/orgs/" + org + "/join").then().statusCode(204);
        api(member.token()).contentType(ContentType.JSON).body(Map.of("title", "Mine")).patch("/v1/orgs/" + org)
                .then().statusCode(403).body("error.code", equalTo(403));
        api(otherAdmin.token()).contentType(ContentType.JSON).body(Map.of("title", "Mine")).patch("/v1/orgs/" + org)
                .then().statusCode(404);
        api(member.token()).get("/v1/orgs/" + org).then().statusCode(200).body("permissions.admin", equalTo(false));
    }

    @Test
    void joiningNeedsTheEmailDomainAndIsIdempotent() {
        String d = domain();
        TestUser owner = Stack.newUser(d);
        String org = Stack.newOrg(owner, d);
        api(owner.token()).contentType(ContentType.JSON).body(Map.of("defaultRole", "comment")).patch("/v1/orgs/" + org)
                .then().statusCode(200);
        TestUser colleague = Stack.newUser(d);
        TestUser outsider = Stack.newUser("elsewhere.example.org");
        api(outsider.token()).post("/v1/orgs/" + org + "/join").then().statusCode(403).body("error.code", equalTo(403));
        api(colleague.token()).post("/v1/orgs/" + org + "/join").then().statusCode(204);
        api(colleague.token()).post("/v1/orgs/" + org + "/join").then().statusCode(204);
        api(owner.token()).get("/v1/orgs/" + org + "/members/" + colleague.id()).then().statusCode(200)
                .body("role", equalTo("comment"));
        api(owner.token()).get("/v1/orgs/" + org + "/members").then().body("count", equalTo(2));
        api(colleague.token()).post("/v1/orgs/nope/join").then().statusCode(404);
    }

    @Test
    void emailDomainLookupFindsJoinableOrganizations() {
        String d = domain();
        TestUser owner = Stack.newUser(d);
        TestUser colleague = Stack.newUser(d);
        String org = Stack.newOrg(owner, d);
        api(colleague.token()).get("/v1/email-domains/" + d + "/orgs").then().statusCode(200)
                .body("organizations.id", contains(org)).body("organizations[0].permissions.view", equalTo(false));
        api(colleague.token()).get("/v1/email-domains/" + d + "/o").then().statusCode(200)
                .body("organizations.id", contains(org));
        api(owner.token()).get("/v1/email-domains/" + d + "/orgs").then().statusCode(200)
                .body("organizations[0].permissions.admin", equalTo(true));
        api(colleague.token()).get("/v1/email-domains/other.example/orgs").then().statusCode(403);
    }

    @Test
    void invitesByEmailAndByLink() {
        TestUser owner = Stack.newUser("example.com");
        String org = Stack.newOrg(owner);
        TestUser existing = Stack.newUser("example.com");
        String fresh = "new-" + UUID.randomUUID() + "@example.net";
        api(owner.token()).contentType(ContentType.JSON)
                .body(Map.of("emails", List.of(existing.email(), Map.of("email", fresh, "role", "review")), "role", "edit"))
                .post("/v1/orgs/" + org + "/invites").then().statusCode(200)
                .body("invited", equalTo(2)).body("users", hasItem(existing.id()));
        api(owner.token()).get("/v1/orgs/" + org + "/members/" + existing.id()).then().body("role", equalTo("edit"));
        api(owner.token()).get("/v1/orgs/" + org + "/members?search=" + fresh.substring(0, 12)).then()
                .body("items[0].role", equalTo("review")).body("items[0].user.email", equalTo(fresh));
        api(owner.token()).contentType(ContentType.JSON).body(Map.of("emails", List.of()))
                .post("/v1/orgs/" + org + "/invites").then().statusCode(400).body("error.message", containsString("emails"));
        api(existing.token()).contentType(ContentType.JSON).body(Map.of("emails", List.of("x@example.com")))
                .post("/v1/orgs/" + org + "/invites").then().statusCode(403);

        // an invite link, created through /invites (as the issue asks) and through /link-invites
        String link = api(owner.token()).contentType(ContentType.JSON).body("{\"role\":\"read\"}")
                .post("/v1/orgs/" + org + "/invites").then().statusCode(201)
                .body("object", equalTo("invite")).body("role", equalTo("read")).body("redundant", equalTo(false))
                .extract().path("id");
        String guestLink = api(owner.token()).contentType(ContentType.JSON).body("{\"role\":null}")
                .post("/v1/orgs/" + org + "/link-invites").then().statusCode(201).body("role", nullValue()).extract().path("id");
        api(owner.token()).get("/v1/orgs/" + org + "/link-invites").then().statusCode(200)
                .body("items.id", hasItems(link, guestLink)).body("count", equalTo(2));
        api(owner.token()).contentType(ContentType.JSON).body("{\"role\":\"comment\"}")
                .patch("/v1/orgs/" + org + "/link-invites/" + link).then().statusCode(200).body("role", equalTo("comment"));
        api(owner.token()).contentType(ContentType.JSON).body("{\"role\":\"boss\"}")
                .post("/v1/orgs/" + org + "/link-invites").then().statusCode(400).body("error.message", containsString("role"));

        TestUser joiner = Stack.newUser("anywhere.example");
        api(joiner.token()).post("/v1/orgs/" + org + "/invites/" + link).then().statusCode(200);
        api(owner.token()).get("/v1/orgs/" + org + "/members/" + joiner.id()).then().statusCode(200).body("role", equalTo("comment"));
        api(owner.token()).delete("/v1/orgs/" + org + "/link-invites/" + link).then().statusCode(204);
        api(owner.token()).delete("/v1/orgs/" + org + "/link-invites/" + link).then().statusCode(204);
        api(owner.token()).get("/v1/orgs/" + org + "/link-invites/" + link).then().statusCode(404);
        api(Stack.newUser("x.example").token()).post("/v1/orgs/" + org + "/invites/" + link).then().statusCode(404);
        api(joiner.token()).get("/v1/orgs/" + org + "/link-invites").then().statusCode(403);
    }

    @Test
    void pingRecordsLastSeen() {
        TestUser owner = Stack.newUser("example.com");
        String org = Stack.newOrg(owner);
        api(owner.token()).get("/v1/orgs/" + org + "/members/" + owner.id()).then().body("$", not(hasKey("lastSeenAt")));
        api(owner.token()).post("/v1/orgs/" + org + "/ping").then().statusCode(200);
        api(owner.token()).get("/v1/orgs/" + org + "/members/" + owner.id()).then().body("lastSeenAt", notNullValue());
        api(Stack.newUser("example.com").token()).post("/v1/orgs/" + org + "/ping").then().statusCode(404);
    }
}
