package io.bindery.identity;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.identity.TestApi.User;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.bindery.identity.TestApi.invite;
import static io.bindery.identity.TestApi.org;
import static io.bindery.identity.TestApi.team;
import static io.bindery.identity.TestApi.user;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Identity's keyset lists, paged one and two items at a time, give the items of the whole list once and in its
 * order, with the same {@code count} on every page; a cursor that is not the list's is a 400.
 */
@QuarkusTest
class ListPagingTest {
    @Test
    void everyListPagesThroughAllItemsInOrder() {
        User admin = user();
        User a = user();
        User b = user();
        String org = org(admin);
        org(admin);
        org(admin);
        invite(admin, org, "read", a, b);
        String team = team(admin, org, "Paging one", List.of(a.id(), b.id()));
        team(admin, org, "Paging two", List.of(a.id()));
        team(admin, org, "Paging three", List.of(a.id()));
        given().auth().oauth2(admin.token()).contentType(ContentType.JSON).body(Map.of("inviteLinks", true))
                .patch("/v1/orgs/" + org).then().statusCode(200);
        for (int i = 0; i < 3; i++) {
            given().auth().oauth2(admin.token()).contentType(ContentType.JSON).body(Map.of("role", "read"))
                    .post("/v1/orgs/" + org + "/link-invites").then().statusCode(201);
        }
        String o = "/v1/orgs/" + org;
        for (String list : List.of("/v1/orgs?", o + "/members?", o + "/members?order=asc&", o + "/members?sort=lastSeenAt&",
                o + "/teams?", o + "/teams?title=paging&", o + "/teams/" + team + "/members?", o + "/members/" + a.id() + "/teams?",
                o + "/link-invites?")) {
            List<String> all = keys(get(admin, list + "limit=1000").path("items"));
            assertEquals(list.contains("lastSeenAt") ? all.size() : 3, all.size(), list);
            for (int limit : List.of(1, 2, 3)) {
                assertEquals(all, pageThrough(admin, list, limit, all.size()), list + " by " + limit);
            }
        }
    }

    @Test
    void aCursorThatIsNotTheListsIsRefused() {
        User admin = user();
        String org = org(admin);
        org(admin);
        String teams = "/v1/orgs/" + org + "/teams";
        team(admin, org, "One", List.of());
        team(admin, org, "Two", List.of());
        String other = get(admin, "/v1/orgs?limit=1").path("next").path("page").asText();
        String oneValue = "eHl6.AAAAAAAAAAAAAAAA";
        for (String list : List.of("/v1/orgs", "/v1/orgs/" + org + "/members", teams, "/v1/orgs/" + org + "/link-invites")) {
            for (String cursor : List.of("nonsense", oneValue, other.substring(0, other.length() - 2) + "AA")) {
                JsonNode refused = given().auth().oauth2(admin.token()).get(list + "?page=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8))
                        .then().statusCode(400).extract().as(JsonNode.class);
                assertEquals("page: invalid page cursor", refused.path("error").path("message").asText(), list);
            }
        }
        // the lists of teams have always taken an empty page for the first one
        assertEquals(2, get(admin, teams + "?page=").path("items").size());
    }

    private static JsonNode get(User caller, String path) {
        return given().auth().oauth2(caller.token()).get(path).then().statusCode(200).extract().as(JsonNode.class);
    }

    private static List<String> pageThrough(User caller, String list, int limit, int count) {
        List<String> out = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = get(caller, list + "limit=" + limit
                    + (cursor == null ? "" : "&page=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8)));
            assertEquals(count, page.path("count").asLong(), list);
            out.addAll(keys(page.path("items")));
            cursor = page.path("next").isMissingNode() ? null : page.path("next").path("page").asText();
        } while (cursor != null && out.size() <= count);
        return out;
    }

    /** Items by id; a team member by its member's, a team of a member by the team's. */
    private static List<String> keys(JsonNode items) {
        List<String> out = new ArrayList<>();
        items.forEach(i -> out.add(i.has("id") ? i.path("id").asText()
                : i.has("organization") ? i.path("organization").path("id").asText() : i.path("team").path("id").asText()));
        return out;
    }
}
