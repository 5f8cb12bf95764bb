package io.bindery.review.events;

import com.fasterxml.jackson.databind.JsonNode;
import io.agroal.api.AgroalDataSource;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.contracts.testing.ContractFixtures;
import io.bindery.review.testing.Api;
import io.bindery.review.testing.ContentStandIn;
import io.bindery.review.testing.Rows;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The producer's side of review's event payloads: what review really writes to its outbox after real requests has
 * every field of the shared fixtures (contracts/review/*.json), which content's consumer reads into the records.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
class EventContractsTest {
    @TestHTTPResource("/")
    URI base;
    @Inject
    AgroalDataSource db;

    JsonNode published(String type, String subject) throws Exception {
        var found = new Rows(db).all("SELECT envelope FROM outbox_event WHERE type = ? AND aggregate_id = ? ORDER BY id DESC", type, subject);
        assertFalse(found.isEmpty(), "no " + type + " for " + subject + " in the outbox");
        return ContractFixtures.JSON.readTree((String) found.get(0).get("envelope")).path("data");
    }

    @Test
    void reviewPublishesWhatTheFixturesPin() throws Exception {
        String user = "contracts-" + Ids.newId();
        TestIdentity.addUser(user, "Contracts", user + "@example.com");
        String space = ContentStandIn.space("org-" + Ids.newId(), user);
        Api api = new Api(base);
        String cr = api.post(user, "/spaces/" + space + "/change-requests", Map.of("subject", "Contract", "status", "draft"))
                .expect(201).text("id");
        String spaceComment = api.post(user, "/spaces/" + space + "/comments", Map.of("body", Map.of("markdown", "On the space")))
                .expect(200).text("id");
        String crComment = api.post(user, "/spaces/" + space + "/change-requests/" + cr + "/comments", Map.of("body", Map.of("markdown", "On the CR")))
                .expect(200).text("id");
        String reply = api.post(user, "/spaces/" + space + "/change-requests/" + cr + "/comments/" + crComment + "/replies", Map.of("body", Map.of("markdown", "A reply")))
                .expect(200).text("id");
        api.delete(user, "/spaces/" + space + "/change-requests/" + cr + "/comments/" + crComment + "/replies/" + reply).expect(204);
        api.delete(user, "/spaces/" + space + "/comments/" + spaceComment).expect(204);
        api.delete(user, "/spaces/" + space + "/change-requests/" + cr + "/comments/" + crComment).expect(204);

        ContractFixtures.assertServes("review/review-stats-updated", published(ReviewEventTypes.SPACE_REVIEW_STATS_UPDATED, space));
        ContractFixtures.assertServes("review/space-comment-deleted", published(ReviewEventTypes.COMMENT_DELETED, spaceComment));
        ContractFixtures.assertServes("review/comment-deleted", published(ReviewEventTypes.COMMENT_DELETED, crComment));
        ContractFixtures.assertServes("review/reply-deleted", published(ReviewEventTypes.REPLY_DELETED, reply));
    }
}
