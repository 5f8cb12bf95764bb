package io.bindery.content.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.commons.testing.TopicEvents;
import io.bindery.content.events.ReviewEventsConsumer;
import io.bindery.contracts.review.ReviewEventTypes;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.internal;
import static io.bindery.content.TestApi.member;
import static io.bindery.content.TestApi.space;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

/**
 * The change request content shows (a write's {@code changeRequest}, a merge revision's {@code mergedFrom}) is
 * GitBook's whole ChangeRequest: the subject and open comments review hands over at creation and merge or reports in
 * its events (the newest wins), and the author as a User.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class MergedFromTest {
    static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    ReviewEventsConsumer consumer;

    @Test
    void aChangeRequestIsShownWithItsSubjectAuthorAndComments() {
        String org = Ids.newId();
        String admin = member(org, "admin");
        TestIdentity.addUser(admin, "Ada Writer", "ada@example.com");
        String space = space(org, admin, "Handbook");
        String cr = Ids.newId();
        internal().body(Map.of("id", cr, "createdBy", admin, "subject", "Fix the intro"))
                .post("/internal/spaces/" + space + "/branches").then().statusCode(201)
                .body("subject", equalTo("Fix the intro")).body("comments", equalTo(0));
        as(admin).body(Map.of("changes", List.of(Map.of("operation", "insert_page", "title", "Intro",
                        "document", Map.of("markdown", "Hello.\n")))))
                .post("/v1/spaces/" + space + "/change-requests/" + cr + "/content").then().statusCode(200)
                .body("subject", equalTo("Fix the intro"))
                .body("comments", equalTo(0))
                .body("createdBy.object", equalTo("user"))
                .body("createdBy.id", equalTo(admin))
                .body("createdBy.displayName", equalTo("Ada Writer"));
        as(admin).body(Map.of("changes", List.of(Map.of("operation", "insert_page", "title", "More",
                        "document", Map.of("markdown", "More.\n")))))
                .post("/v1/spaces/" + space + "/change-requests/" + cr + "/content?compat=false").then().statusCode(200)
                .body("changeRequest.subject", equalTo("Fix the intro"))
                .body("changeRequest.createdBy.id", equalTo(admin));

        Instant now = Instant.now();
        apply(cr, space, "Fix the intro, again", 3, now);
        apply(cr, space, "An older subject", 1, now.minusSeconds(60)); // arrived late: changes nothing
        apply(cr, space, "Fix the intro, again", 3, now); // redelivered
        // review never reads the author, so its calls do not pay for finding one
        internal().get("/internal/spaces/" + space + "/branches/" + cr).then().statusCode(200)
                .body("subject", equalTo("Fix the intro, again")).body("comments", equalTo(3))
                .body("$", not(hasKey("createdBy")));

        String merged = internal().body(Map.of("mergedBy", admin, "subject", "Fix the intro at last", "comments", 4))
                .post("/internal/spaces/" + space + "/branches/" + cr + "/merge").then().statusCode(200)
                .extract().path("revision");
        for (String path : List.of("/revisions/" + merged, "/content")) {
            as(admin).get("/v1/spaces/" + space + path).then().statusCode(200)
                    .body("mergedFrom.id", equalTo(cr))
                    .body("mergedFrom.subject", equalTo("Fix the intro at last"))
                    .body("mergedFrom.comments", equalTo(4))
                    .body("mergedFrom.status", equalTo("merged"))
                    .body("mergedFrom.createdBy.id", equalTo(admin))
                    .body("mergedFrom.createdBy.email", equalTo("ada@example.com"));
        }
    }

    @Test
    void aMergeBodyWhoseCommentsAreNotAWholeNumberIsRefused() {
        String org = Ids.newId();
        String admin = member(org, "admin");
        String space = space(org, admin, "Refused");
        String cr = Ids.newId();
        internal().body(Map.of("id", cr, "createdBy", admin)).post("/internal/spaces/" + space + "/branches")
                .then().statusCode(201).body("subject", equalTo(""));
        internal().body("{\"comments\":\"many\"}").post("/internal/spaces/" + space + "/branches/" + cr + "/merge")
                .then().statusCode(400);
        internal().get("/internal/spaces/" + space + "/branches/" + cr).then().statusCode(200)
                .body("status", equalTo("open"));
    }

    private void apply(String cr, String space, String subject, int comments, Instant updatedAt) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("object", "change-request");
        data.put("id", cr);
        data.put("space", space);
        data.put("subject", subject);
        data.put("comments", comments);
        data.put("updatedAt", updatedAt.toString());
        JsonNode event = TopicEvents.envelope(JSON, "/bindery/review-service", Ids.newId(),
                ReviewEventTypes.CHANGE_REQUEST_UPDATED, cr, updatedAt, data);
        QuarkusTransaction.requiringNew().run(() -> consumer.applyParked(event));
    }
}
