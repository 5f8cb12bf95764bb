package io.bindery.insights.translations;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.insights.testing.FakeContent;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static io.bindery.insights.testing.InsightsFixtures.as;
import static io.bindery.insights.testing.InsightsFixtures.member;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Translations with the real Apertium (eng-spa) and content/review's API served by {@link FakeContent}: management,
 * an unsupported pair, a first run of a 3-page space, a second run after one page changed, a run interrupted by its
 * service's death.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(FakeContent.class)
class TranslationsTest {
    @Inject
    EntityManager em;
    @Inject
    TranslationSweep sweep;

    String org;
    String editor;
    String reader;
    String outsider;
    FakeContent.Space source;

    @BeforeEach
    void organizationWithASpace() {
        org = Ids.newId();
        editor = member(org, "create");
        reader = member(org, "read");
        outsider = member(Ids.newId(), "admin");
        source = FakeContent.space(org, "Handbook", "collection-1");
        FakeContent.Page start = FakeContent.page(source, "Getting started", "getting-started", null,
                MarkdownTranslationTest.PAGE);
        FakeContent.page(source, "Installation", "installation", start.id, """
                ## Install the package

                Run the command below and wait until the installation finishes.

                ```sh
                npm install bindery
                ```

                Read the [configuration page](../configuration.md) next.
                """);
        FakeContent.page(source, "Configuration", "configuration", null, """
                # Configuration

                1. Open the settings of the space
                2. Choose a **new colour** for the house

                Use `bindery.yaml` for the red options.
                """);
    }

    private String create(String language) {
        return as(editor).body("{\"source\": {\"space\": \"" + source.id + "\", \"language\": \"en\"}, \"language\": \""
                        + language + "\", \"instructions\": {\"markdown\": \"Use a formal tone.\"}}")
                .post("/v1/orgs/" + org + "/translations").then().statusCode(201).extract().path("id");
    }

    @Test
    void managementCreatesListsUpdatesAndDeletes() {
        String id = create("es");
        String url = "/v1/orgs/" + org + "/translations/" + id;
        as(reader).get(url).then().statusCode(200).body("object", equalTo("translation"))
                .body("status", equalTo("pending")).body("source.space", equalTo(source.id))
                .body("source.language", equalTo("en")).body("language", equalTo("es"))
                .body("instructions.object", equalTo("document"))
                .body("instructions.nodes[0].nodes[0].leaves[0].text", equalTo("Use a formal tone."))
                .body("stats.runs", equalTo(0)).body("stats.totalWords", equalTo(0))
                .body("permissions.view", equalTo(true)).body("permissions.edit", equalTo(false))
                .body("urls.location", containsString("/v1/orgs/" + org + "/translations/" + id));
        as(reader).get("/v1/orgs/" + org + "/translations").then().statusCode(200)
                .body("items.size()", equalTo(1)).body("items[0].id", equalTo(id));
        as(editor).body("{\"instructions\": {\"markdown\": \"Be brief.\"}}").put(url).then().statusCode(200)
                .body("instructions.nodes[0].nodes[0].leaves[0].text", equalTo("Be brief."))
                .body("permissions.edit", equalTo(true));
        as(editor).body("{}").put(url).then().statusCode(400).body("error.message", containsString("instructions"));
        as(reader).body("{\"instructions\": {\"markdown\": \"x\"}}").put(url).then().statusCode(403);
        as(outsider).get(url).then().statusCode(404);
        as(outsider).get("/v1/orgs/" + org + "/translations").then().statusCode(404);
        as(outsider).post(url + "/run").then().statusCode(404);
        as(outsider).delete(url).then().statusCode(404);
        as(editor).delete(url).then().statusCode(204);
        as(editor).get(url).then().statusCode(404);
        as(editor).delete(url).then().statusCode(204);
        as(editor).post(url + "/run").then().statusCode(404);
        assertEquals(List.of("bindery.translation.created.v1", "bindery.translation.updated.v1",
                "bindery.translation.deleted.v1"), outboxTypes(id));
    }

    @Test
    void badInputAndUnsupportedPairsAre400() {
        String url = "/v1/orgs/" + org + "/translations";
        as(editor).body("{\"source\": {\"space\": \"" + source.id + "\", \"language\": \"en\"}, \"language\": \"fr\"}")
                .post(url).then().statusCode(400)
                .body("error.message", containsString("en-fr")).body("error.message", containsString("en-es"));
        as(editor).body("{\"language\": \"es\"}").post(url).then().statusCode(400)
                .body("error.message", containsString("source"));
        as(editor).body("{\"source\": {\"space\": \"" + source.id + "\", \"language\": \"xx\"}, \"language\": \"es\"}")
                .post(url).then().statusCode(400).body("error.message", containsString("source.language 'xx'"))
                .body("error.message", containsString("pt-br"));
        as(editor).body("{\"source\": {\"space\": \"" + source.id + "\", \"language\": \"en\"}, \"language\": \"klingon\"}")
                .post(url).then().statusCode(400).body("error.message", containsString("language 'klingon' is not a supported language"));
        as(editor).body("{\"source\": {\"space\": \"" + source.id + "\", \"language\": \"en\"}, \"language\": \"en\"}")
                .post(url).then().statusCode(400).body("error.message", containsString("language"));
        as(editor).body("{\"source\": {\"space\": \"nope\", \"language\": \"en\"}, \"language\": \"es\"}")
                .post(url).then().statusCode(400).body("error.message", containsString("source.space"));
        FakeContent.Space elsewhere = FakeContent.space(Ids.newId(), "Other", null);
        as(editor).body("{\"source\": {\"space\": \"" + elsewhere.id + "\", \"language\": \"en\"}, \"language\": \"es\"}")
                .post(url).then().statusCode(400).body("error.message", containsString("source.space"));
        as(reader).body("{\"source\": {\"space\": \"" + source.id + "\", \"language\": \"en\"}, \"language\": \"es\"}")
                .post(url).then().statusCode(403);
        as(editor).get(url).then().statusCode(200).body("items.size()", equalTo(0));
    }

    @Test
    void aRunTranslatesTheSpaceAndTheNextOnlyWhatChanged() {
        String id = create("es");
        String url = "/v1/orgs/" + org + "/translations/" + id;
        as(editor).post(url + "/run").then().statusCode(204);
        JsonPath t = as(reader).get(url).then().statusCode(200).body("status", equalTo("completed"))
                .body("result.space", notNullValue()).body("result.revision", notNullValue()).body("result.language", equalTo("es"))
                .body("stats.runs", equalTo(1)).body("stats.latestPages", equalTo(3))
                .body("stats.totalPages", equalTo(3)).extract().jsonPath();
        assertTrue(t.getInt("stats.latestWords") > 50, t.prettify());
        FakeContent.Space target = FakeContent.SPACES.get(t.getString("result.space"));
        assertEquals("collection-1", target.parent, "the target space is next to the source");
        assertEquals("es", target.language);
        assertEquals(org, target.organization);
        assertEquals(3, target.pages.size());
        FakeContent.Page start = target.pages.values().stream().filter(p -> p.slug.equals("getting-started")).findFirst().orElseThrow();
        assertEquals("Empezando", start.title);
        assertEquals(MarkdownTranslationTest.structure(MarkdownTranslationTest.PAGE),
                MarkdownTranslationTest.structure(start.markdown));
        assertTrue(start.markdown.contains("```bash\n# this comment stays in English\nnpm install bindery --save\n```"));
        FakeContent.Page install = target.pages.values().stream().filter(p -> p.slug.equals("installation")).findFirst().orElseThrow();
        assertEquals(start.id, install.parent, "the child page keeps its parent");
        assertTrue(install.markdown.startsWith("## "), install.markdown);
        assertTrue(install.markdown.contains("](../configuration.md)"), install.markdown);
        assertTrue(install.markdown.contains("```sh\nnpm install bindery\n```"), install.markdown);
        assertTrue(install.markdown.toLowerCase().contains("instal"), install.markdown);
        FakeContent.Page config = target.pages.values().stream().filter(p -> p.slug.equals("configuration")).findFirst().orElseThrow();
        assertTrue(config.markdown.contains("`bindery.yaml`") && config.markdown.contains("1. ")
                && config.markdown.contains("**"), config.markdown);
        assertTrue(FakeContent.TOKENS.stream().allMatch(h -> h.startsWith("Bearer ")));

        // one page changes: the second run translates that page only
        FakeContent.Page changed = source.pages.values().stream().filter(p -> p.slug.equals("configuration")).findFirst().orElseThrow();
        changed.markdown = changed.markdown + "\nThe blue house is small.\n";
        int before = FakeContent.OPERATIONS.size();
        as(editor).post(url + "/run").then().statusCode(204);
        assertEquals(List.of("update_page Configuración"), FakeContent.OPERATIONS.subList(before, FakeContent.OPERATIONS.size()));
        JsonPath second = as(reader).get(url).then().statusCode(200).body("status", equalTo("completed"))
                .body("stats.runs", equalTo(2)).body("stats.latestPages", equalTo(1))
                .body("stats.totalPages", equalTo(3)).body("result.space", equalTo(target.id)).extract().jsonPath();
        assertNotEquals(t.getString("result.revision"), second.getString("result.revision"));
        assertTrue(target.pages.get(config.id).markdown.contains("casa azul"), target.pages.get(config.id).markdown);

        // nothing changed: nothing translated
        int unchanged = FakeContent.OPERATIONS.size();
        as(editor).post(url + "/run").then().statusCode(204);
        assertEquals(unchanged, FakeContent.OPERATIONS.size());
        as(reader).get(url).then().body("stats.runs", equalTo(3)).body("stats.latestPages", equalTo(0));
        as(reader).post(url + "/run").then().statusCode(403);
    }

    @Test
    void aRunInterruptedByACrashIsPutBackToPendingAndTheNextRunGoesOn() {
        String id = create("es");
        String url = "/v1/orgs/" + org + "/translations/" + id;
        // the space a first run created before its service went away
        FakeContent.Space made = FakeContent.space(org, "Handbook (es)", "collection-1");
        made.language = "es";

        // another instance runs it, alive: its heartbeat is fresh
        interrupted(id, made.id, Instant.now());
        as(editor).post(url + "/run").then().statusCode(409);
        assertFalse(sweep.sweep().contains(id));
        as(reader).get(url).then().body("status", equalTo("running"));

        // that instance was killed: no heartbeat for five minutes; the sweep puts the run back to pending
        interrupted(id, made.id, Instant.now().minusSeconds(300));
        assertTrue(sweep.sweep().contains(id));
        as(reader).get(url).then().body("status", equalTo("pending"));
        assertTrue(lastError(id).contains("interrupted"), lastError(id));
        List<String> types = outboxTypes(id);
        assertEquals("bindery.translation.updated.v1", types.get(types.size() - 1));

        // the next run goes on, into the space the interrupted run created: no second target space
        int spaces = FakeContent.SPACES.size();
        as(editor).post(url + "/run").then().statusCode(204);
        as(reader).get(url).then().body("status", equalTo("completed")).body("result.space", equalTo(made.id))
                .body("stats.runs", equalTo(1)).body("stats.latestPages", equalTo(3));
        assertEquals(spaces, FakeContent.SPACES.size());
        assertEquals(3, made.pages.size());

        // a stale heartbeat of a run this instance is running (its refresh failed) is not swept
        interrupted(id, made.id, Instant.now().minusSeconds(300));
        sweep.started(id);
        assertFalse(sweep.sweep().contains(id));
        sweep.ended(id);
        assertTrue(sweep.sweep().contains(id));
    }

    @Transactional
    void interrupted(String id, String target, Instant heartbeat) {
        em.createNativeQuery("""
                        UPDATE translation SET status = 'running', target_space = :target, heartbeat_at = :heartbeat
                        WHERE id = :id""")
                .setParameter("target", target).setParameter("heartbeat", heartbeat).setParameter("id", id)
                .executeUpdate();
    }

    @Transactional
    String lastError(String id) {
        return (String) em.createNativeQuery("SELECT last_error FROM translation WHERE id = :id")
                .setParameter("id", id).getSingleResult();
    }

    @Transactional
    List<String> outboxTypes(String subject) {
        return em.createNativeQuery("SELECT type FROM outbox_event WHERE aggregate_id = :s ORDER BY id", String.class)
                .setParameter("s", subject).getResultList();
    }
}
