package io.bindery.insights.conversations;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Random;

import static io.bindery.insights.testing.InsightsFixtures.as;
import static io.bindery.insights.testing.InsightsFixtures.conversation;
import static io.bindery.insights.testing.InsightsFixtures.member;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

@QuarkusTest
@WithTestResource(TestIdentity.class)
class ConversationsTest {
    @Inject
    EntityManager em;

    String org;
    String creator;
    String reader;
    String outsider;

    @BeforeEach
    void organization() {
        org = Ids.newId();
        creator = member(org, "create");
        reader = member(org, "read");
        outsider = member(Ids.newId(), "admin");
    }

    private static final String BODY = """
            {"id": "conv-1", "subject": "Login trouble",
             "metadata": {"url": "https://support.example.com/c/1", "attributes": {"source": "intercom", "plan": "pro"},
                          "createdAt": "2026-01-05T10:00:00Z"},
             "parts": [{"type": "message", "role": "user", "body": "Hi team, I can't log in with SSO since yesterday. It says access denied."},
                       {"type": "message", "role": "assistant", "body": "Sorry about that, let me check."},
                       {"type": "message", "role": "user", "body": "Also, how do I export a page to PDF?"},
                       {"type": "message", "role": "user", "body": "Thanks a lot."}]}""";

    @Test
    void ingestIsIdempotentAndTheWorkerExtractsTheIssues() {
        as(creator).body(BODY).post("/v1/orgs/" + org + "/conversations").then().statusCode(204);
        // the same id again, even with other content, changes nothing
        as(creator).body(BODY.replace("Login trouble", "Something else")).post("/v1/orgs/" + org + "/conversations")
                .then().statusCode(204);

        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                as(reader).get("/v1/orgs/" + org + "/conversations/conv-1").path("conversation.processedAt") != null);
        as(reader).get("/v1/orgs/" + org + "/conversations/conv-1").then().statusCode(200)
                .body("conversation.object", equalTo("conversation")).body("conversation.id", equalTo("conv-1"))
                .body("conversation.subject", equalTo("Login trouble"))
                .body("conversation.source", equalTo("intercom"))
                .body("conversation.createdAt", equalTo("2026-01-05T10:00:00.000Z"))
                .body("conversation.urls.location", endsWith("/v1/orgs/" + org + "/conversations/conv-1"))
                .body("conversation.urls.source", equalTo("https://support.example.com/c/1"))
                .body("parts.size()", equalTo(4)).body("parts[0].role", equalTo("user"))
                .body("parts[0].type", equalTo("message"))
                .body("metadata.attributes.plan", equalTo("pro"))
                .body("metadata.url", equalTo("https://support.example.com/c/1"));

        as(reader).get("/v1/orgs/" + org + "/conversations").then().statusCode(200)
                .body("items.size()", equalTo(1)).body("count", equalTo(1));
        as(reader).get("/v1/orgs/" + org + "/conversations?source=zendesk").then().statusCode(200)
                .body("items.size()", equalTo(0));

        // two issues: the SSO problem and the how-to; the thank-you is none
        List<String> titles = as(reader).get("/v1/orgs/" + org + "/conversations-issues?conversation=conv-1")
                .then().statusCode(200).body("items.size()", equalTo(2))
                .body("items[0].issue.object", equalTo("conversation-issue"))
                .body("items[0].conversation.id", equalTo("conv-1"))
                .body("items[0].issue.conversation", equalTo("conv-1"))
                .extract().path("items.issue.title");
        assertEquals(List.of("I can't log in with SSO since yesterday", "Also, how do I export a page to PDF?"),
                titles.stream().sorted((a, b) -> a.startsWith("I") ? -1 : 1).toList());
        String issueId = as(reader).get("/v1/orgs/" + org + "/conversations-issues").path("items[0].issue.id");
        as(reader).get("/v1/orgs/" + org + "/conversations-issues/" + issueId).then().statusCode(200)
                .body("issue.id", equalTo(issueId)).body("issue.summary", notNullValue())
                .body("issue.ingestedAt", notNullValue()).body("conversation.id", equalTo("conv-1"))
                .body("issue.urls.location", containsString("/conversations-issues/" + issueId));

        assertEquals(List.of("bindery.conversation.ingested.v1", "bindery.conversation-issue.created.v1",
                "bindery.conversation-issue.created.v1", "bindery.conversation.processed.v1"), outboxTypes("conv-1"));
    }

    @Test
    void badInputIs400NamingTheField() {
        String url = "/v1/orgs/" + org + "/conversations";
        as(creator).body("{\"parts\": []}").post(url).then().statusCode(400)
                .body("error.message", containsString("id"));
        as(creator).body("{\"id\": \"x\"}").post(url).then().statusCode(400)
                .body("error.message", containsString("parts is required"));
        as(creator).body("{\"id\": \"x\", \"parts\": [{\"type\": \"message\", \"role\": \"user\"}]}").post(url)
                .then().statusCode(400).body("error.message", containsString("parts[0].body"));
        as(creator).body("{\"id\": \"x\", \"parts\": [{\"type\": \"note\", \"role\": \"user\", \"body\": \"a\"}]}")
                .post(url).then().statusCode(400).body("error.message", containsString("parts[0].type"));
        as(creator).body("{\"id\": \"x\", \"metadata\": {\"createdAt\": \"yesterday\"}, \"parts\": "
                        + "[{\"type\": \"message\", \"role\": \"user\", \"body\": \"a\"}]}")
                .post(url).then().statusCode(400).body("error.message", containsString("metadata.createdAt"));
        as(creator).body("{\"id\": \"x\", \"metadata\": {\"attributes\": {\"a\": 1}}, \"parts\": "
                        + "[{\"type\": \"message\", \"role\": \"user\", \"body\": \"a\"}]}")
                .post(url).then().statusCode(400).body("error.message", containsString("metadata.attributes.a"));
        as(creator).body("[]").post(url).then().statusCode(400);
        as(creator).get(url + "?page=nonsense").then().statusCode(400);
        as(creator).get(url).then().statusCode(200).body("items.size()", equalTo(0));
        as(creator).get("/v1/orgs/" + org + "/conversations-clusters?orderBy=size").then().statusCode(400)
                .body("error.message", containsString("orderBy"));
        as(creator).get("/v1/orgs/" + org + "/conversations-clusters?order=up").then().statusCode(400)
                .body("error.message", containsString("order"));
    }

    @Test
    void ingestNeedsTheIngestConversationsPermission() {
        as(reader).body(conversation("c-r", 0, 1, new Random(1))).post("/v1/orgs/" + org + "/conversations")
                .then().statusCode(403);
        as(reader).get("/v1/orgs/" + org + "/conversations").then().statusCode(200).body("items.size()", equalTo(0));
    }

    @Test
    void anotherOrganizationGets404Everywhere() {
        as(creator).body(conversation("c-o", 0, 1, new Random(2))).post("/v1/orgs/" + org + "/conversations")
                .then().statusCode(204);
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                as(reader).get("/v1/orgs/" + org + "/conversations/c-o").path("conversation.processedAt") != null);
        String issue = as(reader).get("/v1/orgs/" + org + "/conversations-issues").path("items[0].issue.id");
        String base = "/v1/orgs/" + org;
        for (String path : List.of("/conversations", "/conversations/c-o", "/conversations-issues",
                "/conversations-issues/" + issue, "/conversations-clusters", "/agent-instructions", "/translations")) {
            as(outsider).get(base + path).then().statusCode(404).body("error.code", equalTo(404));
        }
        as(outsider).body(conversation("c-x", 0, 1, new Random(3))).post(base + "/conversations").then().statusCode(404);
        as(outsider).body("{\"instructions\": {\"markdown\": \"x\"}}").put(base + "/agent-instructions")
                .then().statusCode(404);
        // an unknown conversation or issue of one's own organization is a 404 too
        as(reader).get(base + "/conversations/nope").then().statusCode(404);
        as(reader).get(base + "/conversations-issues/nope").then().statusCode(404);
        as(reader).get(base + "/conversations-issues?conversation=c-o").then().statusCode(200)
                .body("items[0].issue.cluster", nullValue());
    }

    @Transactional
    List<String> outboxTypes(String subject) {
        return em.createNativeQuery("SELECT type FROM outbox_event WHERE aggregate_id = :s AND envelope LIKE :org ORDER BY id",
                String.class).setParameter("s", subject).setParameter("org", "%" + org + "%").getResultList();
    }
}
