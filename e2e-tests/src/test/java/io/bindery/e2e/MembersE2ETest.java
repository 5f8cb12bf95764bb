package io.bindery.e2e;

import io.bindery.e2e.Stack.TestUser;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static io.bindery.e2e.Stack.api;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Organization members through the gateway: listing with filters and paging, roles, removal, rights. */
class MembersE2ETest {

    /** Invites {@code n} fresh users by e-mail (50 per request); returns their e-mails. */
    static List<String> inviteMany(TestUser admin, String org, int n, String role) {
        List<String> emails = new ArrayList<>();
        String run = UUID.randomUUID().toString().substring(0, 6);
        for (int i = 0; i < n; i++) {
            emails.add("bulk-" + run + "-" + i + "@bulk.example.com");
        }
        for (int from = 0; from < n; from += 50) {
            api(admin.token()).contentType(ContentType.JSON)
                    .body(Map.of("emails", emails.subList(from, Math.min(n, from + 50)), "role", role))
                    .post("/v1/orgs/" + org + "/invites").then().statusCode(200);
        }
        return emails;
    }

    @Test
    void listFiltersSortsAndSearches() {
        TestUser owner = Stack.newUser("example.com");
        String org = Stack.newOrg(owner);
        inviteMany(owner, org, 5, "read");
        TestUser ada = Stack.newUser("example.com");
        api(owner.token()).contentType(ContentType.JSON).body(Map.of("emails", List.of(ada.email()), "role", "edit"))
                .post("/v1/orgs/" + org + "/invites").then().statusCode(200);

        api(owner.token()).get("/v1/orgs/" + org + "/members").then().statusCode(200)
                .body("count", equalTo(7)).body("items", hasSize(7))
                .body("items[0].object", equalTo("member")).body("items[0].user.object", equalTo("user"))
                .body("items[0].id", equalTo(ada.id())) // joinedAt desc by default: newest first
                .body("items[0].teams", equalTo(0)).body("items[0].spaces", equalTo(0));
        api(owner.token()).get("/v1/orgs/" + org + "/members?order=asc").then().body("items[0].id", equalTo(owner.id()));
        api(owner.token()).get("/v1/orgs/" + org + "/members?role=read").then().body("count", equalTo(5));
        api(owner.token()).get("/v1/orgs/" + org + "/members?role=admin").then().body("items.id", contains(owner.id()));
        api(owner.token()).get("/v1/orgs/" + org + "/members?search=" + ada.email().substring(0, 8).toUpperCase())
                .then().body("items.id", contains(ada.id()));
        api(owner.token()).get("/v1/orgs/" + org + "/members?search=BULK").then().body("count", equalTo(5));
        // sorting by lastSeenAt lists only members that were seen
        api(ada.token()).post("/v1/orgs/" + org + "/ping").then().statusCode(200);
        api(owner.token()).get("/v1/orgs/" + org + "/members?sort=lastSeenAt").then()
                .body("count", equalTo(1)).body("items.id", contains(ada.id()));

        api(owner.token()).get("/v1/orgs/" + org + "/members?role=boss").then().statusCode(400).body("error.message", containsString("role"));
        api(owner.token()).get("/v1/orgs/" + org + "/members?sort=name").then().statusCode(400).body("error.message", containsString("sort"));
        api(owner.token()).get("/v1/orgs/" + org + "/members?order=up").then().statusCode(400).body("error.message", containsString("order"));
        api(owner.token()).get("/v1/orgs/" + org + "/members?limit=5000").then().statusCode(400);
        api(owner.token()).get("/v1/orgs/" + org + "/members?page=x.y").then().statusCode(400);
    }

    @Test
    void rolesChangeButTheLastAdminStays() {
        TestUser owner = Stack.newUser("example.com");
        TestUser bob = Stack.newUser("example.com");
        String org = Stack.newOrg(owner);
        api(owner.token()).contentType(ContentType.JSON).body(Map.of("emails", List.of(bob.email())))
                .post("/v1/orgs/" + org + "/invites").then().statusCode(200);
        api(owner.token()).contentType(ContentType.JSON).body(Map.of("role", "review"))
                .patch("/v1/orgs/" + org + "/members/" + bob.id()).then().statusCode(200)
                .body("role", equalTo("review")).body("id", equalTo(bob.id()));
        api(owner.token()).contentType(ContentType.JSON).body("{\"role\":null}")
                .patch("/v1/orgs/" + org + "/members/" + bob.id()).then().statusCode(200).body("role", nullValue());
        // a guest sees the organization but not its people
        api(bob.token()).get("/v1/orgs/" + org).then().statusCode(200).body("permissions.listMembers", equalTo(false));
        api(bob.token()).get("/v1/orgs/" + org + "/members").then().statusCode(403);
        api(bob.token()).contentType(ContentType.JSON).body(Map.of("role", "admin"))
                .patch("/v1/orgs/" + org + "/members/" + bob.id()).then().statusCode(403);
        api(owner.token()).contentType(ContentType.JSON).body(Map.of("role", "read"))
                .patch("/v1/orgs/" + owner.id() + "/members/" + owner.id()).then().statusCode(404);
        api(owner.token()).contentType(ContentType.JSON).body(Map.of("role", "read"))
                .patch("/v1/orgs/" + org + "/members/" + owner.id()).then().statusCode(409);
        api(owner.token()).contentType(ContentType.JSON).body(Map.of("role", "god"))
                .patch("/v1/orgs/" + org + "/members/" + bob.id()).then().statusCode(400).body("error.message", containsString("role"));
        // GitBook's document makes role optional: {} changes nothing and answers the member
        String before = api(owner.token()).get("/v1/orgs/" + org + "/members/" + bob.id()).then().extract().path("role");
        api(owner.token()).contentType(ContentType.JSON).body("{}")
                .patch("/v1/orgs/" + org + "/members/" + bob.id()).then().statusCode(200)
                .body("user.id", equalTo(bob.id())).body("role", equalTo(before));
        api(owner.token()).contentType(ContentType.JSON).body(Map.of("role", "read"))
                .patch("/v1/orgs/" + org + "/members/nobody").then().statusCode(404);
    }

    @Test
    void removingMembers() {
        TestUser owner = Stack.newUser("example.com");
        TestUser bob = Stack.newUser("example.com");
        TestUser carol = Stack.newUser("example.com");
        String org = Stack.newOrg(owner);
        api(owner.token()).contentType(ContentType.JSON).body(Map.of("emails", List.of(bob.email(), carol.email()), "role", "edit"))
                .post("/v1/orgs/" + org + "/invites").then().statusCode(200);
        api(bob.token()).delete("/v1/orgs/" + org + "/members/" + carol.id()).then().statusCode(403);
        api(bob.token()).delete("/v1/orgs/" + org + "/members/" + bob.id()).then().statusCode(204); // leaving
        api(bob.token()).get("/v1/orgs/" + org).then().statusCode(404);
        api(owner.token()).delete("/v1/orgs/" + org + "/members/" + carol.id()).then().statusCode(204);
        api(owner.token()).delete("/v1/orgs/" + org + "/members/" + carol.id()).then().statusCode(204);
        api(owner.token()).get("/v1/orgs/" + org + "/members/" + carol.id()).then().statusCode(404);
        api(owner.token()).delete("/v1/orgs/" + org + "/members/" + owner.id()).then().statusCode(409);
    }

    @Test
    void anotherOrganizationsAdminGets404Everywhere() {
        TestUser owner = Stack.newUser("example.com");
        TestUser other = Stack.newUser("example.com");
        String org = Stack.newOrg(owner);
        Stack.newOrg(other);
        String base = "/v1/orgs/" + org;
        for (Response r : List.of(
                api(other.token()).get(base),
                api(other.token()).contentType(ContentType.JSON).body("{\"title\":\"x y\"}").patch(base),
                api(other.token()).get(base + "/members"),
                api(other.token()).get(base + "/members/" + owner.id()),
                api(other.token()).contentType(ContentType.JSON).body("{\"role\":\"read\"}").patch(base + "/members/" + owner.id()),
                api(other.token()).delete(base + "/members/" + owner.id()),
                api(other.token()).post(base + "/ping"),
                api(other.token()).contentType(ContentType.JSON).body("{\"emails\":[\"a@b.co\"]}").post(base + "/invites"),
                api(other.token()).get(base + "/link-invites"),
                api(other.token()).contentType(ContentType.JSON).body("{\"role\":\"read\"}").post(base + "/link-invites"),
                api(other.token()).delete(base + "/link-invites/abc"))) {
            r.then().statusCode(404).body("error.code", equalTo(404));
        }
    }

    @Test
    void listsPageCorrectlyOverMoreThanAThousandMembers() {
        TestUser owner = Stack.newUser("example.com");
        String org = Stack.newOrg(owner);
        inviteMany(owner, org, 1100, "read");
        Set<String> seen = new HashSet<>();
        String page = null;
        int pages = 0;
        do {
            var spec = api(owner.token()).queryParam("limit", 250);
            if (page != null) {
                spec.queryParam("page", page);
            }
            Response r = spec.get("/v1/orgs/" + org + "/members");
            r.then().statusCode(200).body("count", equalTo(1101));
            List<String> ids = r.path("items.id");
            for (String id : ids) {
                if (!seen.add(id)) {
                    throw new AssertionError("member listed twice: " + id);
                }
            }
            page = r.path("next.page");
            pages++;
        } while (page != null);
        assertEquals(1101, seen.size());
        assertEquals(5, pages);
        api(owner.token()).get("/v1/orgs/" + org + "/members?limit=1000").then().body("items", hasSize(1000)).body("next.page", notNullValue());
    }

    @Test
    void aWrongMethodOnAKnownPathIs405() {
        TestUser owner = Stack.newUser("example.com");
        String org = Stack.newOrg(owner);
        api(owner.token()).post("/v1/orgs/" + org + "/teams").then().statusCode(405).body("error.code", equalTo(405));
        api(owner.token()).contentType(ContentType.JSON).body("{}").patch("/v1/orgs/" + org + "/members")
                .then().statusCode(405).body("error.code", equalTo(405));
        api(owner.token()).delete("/v1/orgs/" + org).then().statusCode(405);
    }
}
