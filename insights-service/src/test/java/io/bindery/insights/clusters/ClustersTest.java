package io.bindery.insights.clusters;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;

import static io.bindery.insights.testing.InsightsFixtures.as;
import static io.bindery.insights.testing.InsightsFixtures.conversation;
import static io.bindery.insights.testing.InsightsFixtures.member;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The acceptance of issue 19's clustering: 300 conversations about three problems over ten weeks give three pure
 * clusters; re-ingesting changes nothing; 30 more join the clusters without changing their ids, and so does a
 * recompute.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class ClustersTest {
    static final List<List<String>> LABEL_WORDS = List.of(List.of("log", "login", "sign", "sso", "password", "account", "session"),
            List.of("pdf", "export", "exported", "download"),
            List.of("domain", "dns", "cname", "ssl", "certificate", "custom"));

    @Inject
    Clusters clusters;
    @Inject
    EntityManager em;

    @Test
    void threeProblemsGiveThreePureClustersWithStableIds() {
        String org = Ids.newId();
        String creator = member(org, "create");
        Random random = new Random(19);
        Map<String, Integer> problemOf = new HashMap<>();
        for (int i = 0; i < 300; i++) {
            String id = "c" + i;
            problemOf.put(id, i % 3);
            as(creator).body(conversation(id, i % 3, random.nextDouble() * 70, random))
                    .post("/v1/orgs/" + org + "/conversations").then().statusCode(204);
        }
        awaitProcessed(org, creator, 300);
        Clusters.Recomputed first = clusters.recompute(org);
        assertEquals(300, first.issues());
        // the first recompute puts every issue in a cluster: one issue.updated event each, in the outbox
        List<Object[]> updated = issueEvents(org);
        assertEquals(first.moved(), updated.size());
        assertTrue(first.moved() >= 270, first.moved() + " moved");
        for (Object[] e : updated) {
            JsonPath envelope = new JsonPath((String) e[1]);
            assertEquals("1.0", envelope.getString("specversion"));
            assertEquals("bindery.conversation-issue.updated.v1", envelope.getString("type"));
            assertEquals(e[0], envelope.getString("subject"));
            assertEquals(e[0], envelope.getString("data.conversation"));
            assertNotNull(envelope.getString("data.cluster"));
            assertNotNull(envelope.getString("id"));
        }
        assertEquals(updated.size(), updated.stream().map(e -> new JsonPath((String) e[1]).getString("id")).distinct().count());

        JsonPath list = as(creator).get("/v1/orgs/" + org + "/conversations-clusters?limit=100").then()
                .statusCode(200).extract().jsonPath();
        // by meaning, a problem of the fixtures may be two clusters (sign-in: SSO, and passwords), never two
        // problems one
        int clusterCount = list.getList("items").size();
        assertTrue(clusterCount >= 3 && clusterCount <= 6, () -> list.prettify());
        Map<String, Integer> clusterProblem = new HashMap<>();
        int right = 0;
        for (int c = 0; c < clusterCount; c++) {
            String id = list.getString("items[" + c + "].id");
            List<String> convs = issueConversations(org, creator, id);
            Map<Integer, Long> byProblem = convs.stream().collect(Collectors.groupingBy(problemOf::get, Collectors.counting()));
            Map.Entry<Integer, Long> major = byProblem.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
            clusterProblem.put(id, major.getKey());
            right += major.getValue();
            assertTrue(major.getValue() >= 0.9 * convs.size(), id + ": " + byProblem);
            int issues = list.getInt("items[" + c + "].stats.issues");
            assertEquals(convs.size(), issues);
            List<Integer> pulse = list.getList("items[" + c + "].weeklyPulse");
            assertEquals(13, pulse.size());
            // every conversation is less than 10 weeks old: the 13 weeks hold all of them
            assertEquals(issues, pulse.stream().mapToInt(Integer::intValue).sum(), list.prettify());
            String label = list.getString("items[" + c + "].label").toLowerCase(Locale.ROOT);
            assertTrue(LABEL_WORDS.get(major.getKey()).stream().anyMatch(label::contains), label);
            assertTrue(list.getString("items[" + c + "].icon").length() <= 50);
            assertNotNull(list.getString("items[" + c + "].summary"));
            Map<String, Integer> sources = list.getMap("items[" + c + "].sources");
            assertEquals(issues, sources.values().stream().mapToInt(Integer::intValue).sum());
        }
        assertEquals(3, new java.util.HashSet<>(clusterProblem.values()).size(), "every problem has a cluster");
        double purity = right / (double) issueCount(org, creator);
        assertTrue(purity >= 0.9, "purity " + purity);

        // re-ingesting is idempotent
        for (int i = 0; i < 30; i++) {
            as(creator).body(conversation("c" + i, (i + 1) % 3, 1, random)).post("/v1/orgs/" + org + "/conversations")
                    .then().statusCode(204);
        }
        as(creator).get("/v1/orgs/" + org + "/conversations?limit=1").then().statusCode(200)
                .body("count", equalTo(300));
        as(creator).get("/v1/orgs/" + org + "/conversations-issues?limit=1").then().statusCode(200)
                .body("count", equalTo(300));

        // 30 more join the clusters they are about, whose ids stay
        for (int i = 300; i < 330; i++) {
            String id = "c" + i;
            problemOf.put(id, i % 3);
            as(creator).body(conversation(id, i % 3, random.nextDouble() * 7, random))
                    .post("/v1/orgs/" + org + "/conversations").then().statusCode(204);
        }
        awaitProcessed(org, creator, 330);
        JsonPath after = as(creator).get("/v1/orgs/" + org + "/conversations-clusters?orderBy=issues&limit=100")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(clusterProblem.keySet(), new java.util.HashSet<>(after.getList("items.id")));
        int joined = 0;
        for (String id : clusterProblem.keySet()) {
            for (String conv : issueConversations(org, creator, id)) {
                if (Integer.parseInt(conv.substring(1)) >= 300) {
                    joined++;
                    assertEquals(clusterProblem.get(id), problemOf.get(conv), conv + " joined the wrong cluster");
                }
            }
        }
        assertTrue(joined >= 27, joined + " of 30 new issues joined a cluster");

        // and a full recompute keeps the ids
        clusters.recompute(org);
        JsonPath recomputed = as(creator).get("/v1/orgs/" + org + "/conversations-clusters?limit=100")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(clusterProblem.keySet(), new java.util.HashSet<>(recomputed.getList("items.id")));
        as(creator).get(recomputed.getString("items[0].urls.location").replaceFirst("^https?://[^/]+", ""))
                .then().statusCode(200).body("items[0].issue.cluster", equalTo(recomputed.getString("items[0].id")));
        as(creator).get("/v1/orgs/" + org + "/conversations-clusters?source=nowhere").then().statusCode(200)
                .body("items.size()", equalTo(0));
    }

    /** Three problems that all speak of spaces (issue 33: words alone made one cluster of such problems). */
    static final List<List<String>> SPACE_PROBLEMS = List.of(
            List.of("I can't delete our old space.", "How do I remove a space for good?",
                    "Deleting a space fails with an error.", "The option to delete the space is disabled.",
                    "Our unused space cannot be removed.", "Is there a way to permanently delete a space?"),
            List.of("Searching in our space finds nothing.", "The space search doesn't return pages that exist.",
                    "Search results in the space are empty.", "Why can't search find words on our space's pages?",
                    "Our space's search only shows old pages.", "Search in the space misses most of our content."),
            List.of("Our published space shows a 404 to visitors.", "How do I make a space public?",
                    "Readers are asked to log in to our public space.", "The space is published but nobody can open it.",
                    "Visitors get access denied on our public space.", "Sharing the space to the web doesn't work."));
    static final List<String> LABEL_OF_SPACE_PROBLEM = List.of("delet", "search", "publi");
    static final List<String> SMALL_TALK = List.of("Thanks, that fixed it!", "No problem, take your time.",
            "Hello, hope you're well.", "Great, have a nice weekend!");

    @Test
    void problemsSharingWordsStayApartAndSmallTalkGivesNoIssue() {
        String org = Ids.newId();
        String creator = member(org, "create");
        Random random = new Random(33);
        Map<String, Integer> problemOf = new HashMap<>();
        int n = 0;
        for (int p = 0; p < 3; p++) {
            for (int i = 0; i < 12; i++) {
                String id = "s" + n++;
                problemOf.put(id, p);
                as(creator).body(talk(id, SPACE_PROBLEMS.get(p).get(i % 6), random))
                        .post("/v1/orgs/" + org + "/conversations").then().statusCode(204);
            }
        }
        for (String text : SMALL_TALK) {
            as(creator).body(talk("s" + n++, text, random)).post("/v1/orgs/" + org + "/conversations")
                    .then().statusCode(204);
        }
        awaitProcessed(org, creator, n);
        // an issue per problem (34 of 36 for now), none from small talk
        int issues = as(creator).get("/v1/orgs/" + org + "/conversations-issues?limit=1").then().statusCode(200)
                .extract().path("count");
        assertTrue(issues >= 34, issues + " issues");
        clusters.recompute(org);
        JsonPath list = as(creator).get("/v1/orgs/" + org + "/conversations-clusters?limit=100").then()
                .statusCode(200).extract().jsonPath();
        assertEquals(3, list.getList("items").size(), () -> list.prettify());
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int c = 0; c < 3; c++) {
            List<String> convs = issueConversations(org, creator, list.getString("items[" + c + "].id"));
            java.util.Set<Integer> problems = convs.stream().map(problemOf::get).collect(Collectors.toSet());
            assertEquals(1, problems.size(), "one problem per cluster: " + list.prettify());
            int problem = problems.iterator().next();
            seen.add(problem);
            assertTrue(convs.size() >= 10, convs.size() + " issues");
            String label = list.getString("items[" + c + "].label").toLowerCase(Locale.ROOT);
            assertTrue(label.contains(LABEL_OF_SPACE_PROBLEM.get(problem)), label);
        }
        assertEquals(3, seen.size());
    }

    /** A conversation: the user's message, the assistant's answer. */
    static String talk(String id, String text, Random random) {
        return "{\"id\":\"" + id + "\",\"metadata\":{\"createdAt\":\""
                + java.time.Instant.now().minusSeconds(random.nextInt(86400 * 20)) + "\"},\"parts\":["
                + "{\"type\":\"message\",\"role\":\"user\",\"body\":\"" + text + "\"},"
                + "{\"type\":\"message\",\"role\":\"assistant\",\"body\":\"Thanks, we are looking into it.\"}]}";
    }

    private static int issueCount(String org, String user) {
        return as(user).get("/v1/orgs/" + org + "/conversations-issues?limit=1").then().statusCode(200)
                .extract().path("count");
    }

    /** The issue.updated events of the organization in the outbox: aggregate id and envelope. */
    @Transactional
    @SuppressWarnings("unchecked")
    List<Object[]> issueEvents(String org) {
        return em.createNativeQuery("""
                        SELECT aggregate_id, envelope FROM outbox_event
                        WHERE type = 'bindery.conversation-issue.updated.v1'
                          AND CAST(envelope AS jsonb) -> 'data' ->> 'organization' = :org ORDER BY id""")
                .setParameter("org", org).getResultList();
    }

    private static List<String> issueConversations(String org, String user, String cluster) {
        return as(user).get("/v1/orgs/" + org + "/conversations-issues?limit=1000&cluster=" + cluster)
                .then().statusCode(200).extract().path("items.issue.conversation");
    }

    private static void awaitProcessed(String org, String user, int count) {
        await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(500)).until(() -> {
            List<Object> processed = as(user).get("/v1/orgs/" + org + "/conversations?limit=1000")
                    .path("items.processedAt");
            return processed.size() == count && processed.stream().allMatch(p -> p != null);
        });
    }
}
