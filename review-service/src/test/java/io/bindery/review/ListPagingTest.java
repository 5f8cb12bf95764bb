package io.bindery.review;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.review.testing.Api;
import io.bindery.review.testing.Api.Answer;
import io.bindery.review.testing.ContentStandIn;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Every keyset list of review, paged one and two items at a time, gives the items of the whole list once and in
 * its order, with the same {@code count} on every page; a cursor that is not the list's is a 400.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
class ListPagingTest {
    static final String ALICE = "alice-" + Ids.newId();
    static final String BOB = "bob-" + Ids.newId();
    static final String CAROL = "carol-" + Ids.newId();

    @TestHTTPResource("/")
    URI base;
    Api api;
    String space;

    @BeforeEach
    void setUp() {
        api = new Api(base);
        TestIdentity.addUser(ALICE, "Alice", "alice@example.com");
        TestIdentity.addUser(BOB, "Bob", "bob@example.com");
        TestIdentity.addUser(CAROL, "Carol", "carol@example.com");
        space = ContentStandIn.space("org-" + Ids.newId(), ALICE, BOB, CAROL);
    }

    @Test
    void everyListPagesThroughAllItemsInOrder() {
        String spacePath = "/spaces/" + space;
        List<String> crs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            crs.add(api.post(ALICE, spacePath + "/change-requests", Map.of("subject", "CR " + i, "status", "open")).expect(201).text("id"));
        }
        String cr = spacePath + "/change-requests/" + crs.get(0);
        for (int i = 0; i < 3; i++) {
            api.post(ALICE, spacePath + "/comments", Map.of("body", Map.of("markdown", "Comment " + i))).expect(200);
        }
        String comment = api.post(ALICE, cr + "/comments", Map.of("body", Map.of("markdown", "On the CR"))).expect(200).text("id");
        for (int i = 0; i < 3; i++) {
            api.post(BOB, cr + "/comments/" + comment + "/replies", Map.of("body", Map.of("markdown", "Reply " + i))).expect(200);
        }
        api.post(BOB, cr + "/reviews", Map.of("status", "approved")).expect(201);
        api.post(CAROL, cr + "/reviews", Map.of("status", "changes-requested")).expect(201);
        api.post(ALICE, cr + "/reviews", Map.of("status", "approved")).expect(201);
        api.post(ALICE, cr + "/requested-reviewers", Map.of("users", List.of(BOB, CAROL, ALICE))).expect(200);

        for (String list : List.of(spacePath + "/change-requests?", spacePath + "/change-requests?orderBy=createdAt&",
                spacePath + "/comments?", spacePath + "/comments?order=asc&", cr + "/comments/" + comment + "/replies?",
                cr + "/reviews?", cr + "/requested-reviewers?")) {
            List<JsonNode> all = items(api.get(ALICE, list + "limit=1000").expect(200));
            assertEquals(3, all.size(), list);
            for (int limit : List.of(1, 2, 3)) {
                assertEquals(keys(all), keys(pageThrough(list, limit)), list + " by " + limit);
            }
        }
    }

    @Test
    void aCursorThatIsNotTheListsIsRefused() {
        String cr = "/spaces/" + space + "/change-requests/"
                + api.post(ALICE, "/spaces/" + space + "/change-requests", Map.of("subject", "CR")).expect(201).text("id");
        api.post(ALICE, cr + "/requested-reviewers", Map.of("users", List.of(BOB, CAROL))).expect(200);
        String byUser = api.get(ALICE, cr + "/requested-reviewers?limit=1").expect(200).body().path("next").path("page").asText();
        assertFalse(byUser.isEmpty());
        for (String list : List.of("/spaces/" + space + "/change-requests", "/spaces/" + space + "/comments", cr + "/reviews")) {
            for (String cursor : List.of("nonsense", byUser)) {
                Answer refused = api.get(ALICE, list + "?page=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8));
                assertEquals(400, refused.status(), list);
                assertEquals("page: invalid page cursor", refused.body().path("error").path("message").asText(), list);
            }
        }
    }

    private List<JsonNode> pageThrough(String list, int limit) {
        List<JsonNode> out = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = api.get(ALICE, list + "limit=" + limit
                    + (cursor == null ? "" : "&page=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8))).expect(200).body();
            assertEquals(3, page.path("count").asLong(), list);
            page.path("items").forEach(out::add);
            cursor = page.path("next").isMissingNode() ? null : page.path("next").path("page").asText();
        } while (cursor != null && out.size() <= 3);
        return out;
    }

    private static List<JsonNode> items(Answer answer) {
        List<JsonNode> out = new ArrayList<>();
        answer.body().path("items").forEach(out::add);
        return out;
    }

    /** An item's id, or for a requested reviewer (no id of its own) the whole item. */
    private static List<String> keys(List<JsonNode> items) {
        return items.stream().map(i -> i.has("id") ? i.path("id").asText() : i.toString()).toList();
    }
}
