package io.bindery.content;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.member;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Content's keyset lists, paged one and two items at a time, give the items of the whole list once and in its
 * order, with the same {@code count} on every page; a cursor that is not the list's is a 400, an empty one the
 * first page.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class ListPagingTest {
    @Test
    void everyListPagesThroughAllItemsInOrder() {
        String org = Ids.newId();
        String admin = member(org, "admin");
        String collection = null;
        for (int i = 0; i < 3; i++) {
            collection = as(admin).body("{\"title\":\"Collection " + i + "\"}").post("/v1/orgs/" + org + "/collections")
                    .then().statusCode(201).extract().path("id");
        }
        String space = null;
        for (int i = 0; i < 3; i++) {
            space = as(admin).body("{\"title\":\"Space " + i + "\",\"parent\":\"" + collection + "\"}").post("/v1/orgs/" + org + "/spaces")
                    .then().statusCode(201).extract().path("id");
        }
        for (int i = 0; i < 3; i++) {
            as(admin).body("{\"role\":\"read\"}").patch("/v1/spaces/" + space + "/permissions/users/" + member(org, "read"))
                    .then().statusCode(204);
            String team = Ids.newId();
            TestIdentity.addTeam(org, team, List.of(), Instant.now());
            as(admin).body("{\"role\":\"read\"}").patch("/v1/spaces/" + space + "/permissions/teams/" + team).then().statusCode(204);
        }
        for (String list : List.of("/v1/orgs/" + org + "/collections?", "/v1/orgs/" + org + "/spaces?",
                "/v1/collections/" + collection + "/spaces?", "/v1/orgs/" + org + "/members/" + admin + "/spaces?",
                "/v1/orgs/" + org + "/members/" + admin + "/spaces?order=asc&", "/v1/spaces/" + space + "/permissions/users?",
                "/v1/spaces/" + space + "/permissions/teams?")) {
            List<String> all = keys(get(admin, list + "limit=1000").path("items"));
            assertEquals(3, all.size(), list);
            for (int limit : List.of(1, 2, 3)) {
                assertEquals(all, pageThrough(admin, list, limit), list + " by " + limit);
            }
        }

        // a cursor of a list by time is not one of a list by position, nor the other way round
        String byTime = get(admin, "/v1/orgs/" + org + "/spaces?limit=1").path("next").path("page").asText();
        String byPosition = get(admin, "/v1/collections/" + collection + "/spaces?limit=1").path("next").path("page").asText();
        for (String refused : List.of("/v1/collections/" + collection + "/spaces?page=" + enc(byTime),
                "/v1/orgs/" + org + "/spaces?page=" + enc(byPosition), "/v1/spaces/" + space + "/permissions/users?page=nonsense",
                "/v1/spaces/" + space + "/permissions/teams?page=nonsense")) {
            as(admin).get(refused).then().statusCode(400)
                    .body("error.message", equalTo("page: invalid page cursor"));
        }
        assertEquals(3, get(admin, "/v1/orgs/" + org + "/spaces?page=").path("items").size());
        assertEquals(3, get(admin, "/v1/spaces/" + space + "/permissions/users?page=").path("items").size());
    }

    private static String enc(String cursor) {
        return URLEncoder.encode(cursor, StandardCharsets.UTF_8);
    }

    private static JsonNode get(String caller, String path) {
        return as(caller).get(path).then().statusCode(200).extract().as(JsonNode.class);
    }

    private static List<String> pageThrough(String caller, String list, int limit) {
        List<String> out = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = get(caller, list + "limit=" + limit + (cursor == null ? "" : "&page=" + enc(cursor)));
            assertEquals(3, page.path("count").asLong(), list);
            out.addAll(keys(page.path("items")));
            cursor = page.path("next").isMissingNode() ? null : page.path("next").path("page").asText();
        } while (cursor != null && out.size() <= 3);
        return out;
    }

    /** Items by id; a grant by its user's or team's, a space of a member by the space's. */
    private static List<String> keys(JsonNode items) {
        List<String> out = new ArrayList<>();
        items.forEach(i -> out.add(i.has("id") ? i.path("id").asText() : i.has("user") ? i.path("user").path("id").asText()
                : i.has("team") ? i.path("team").path("id").asText() : i.path("space").path("id").asText()));
        return out;
    }
}
