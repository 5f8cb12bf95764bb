package io.bindery.openapi.specs;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.contracts.openapi.OpenApiEventTypes;
import io.bindery.openapi.testing.SpecServer;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.bindery.openapi.testing.SpecFixtures.PETS_31;
import static io.bindery.openapi.testing.SpecFixtures.PET_SCHEMA;
import static io.bindery.openapi.testing.SpecFixtures.as;
import static io.bindery.openapi.testing.SpecFixtures.complete;
import static io.bindery.openapi.testing.SpecFixtures.create;
import static io.bindery.openapi.testing.SpecFixtures.member;
import static io.bindery.openapi.testing.SpecFixtures.slug;
import static io.bindery.openapi.testing.SpecFixtures.urlSource;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Specs: create, read, list, PUT, visibility, delete; limits; permissions; events. */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class SpecsTest {
    @Inject
    EntityManager em;

    String org;
    String editor;
    String admin;
    String reader;
    String outsider;
    SpecServer server;
    String url;

    @BeforeEach
    void setUp() throws Exception {
        org = Ids.newId();
        editor = member(org, "create");
        admin = member(org, "admin");
        reader = member(org, "read");
        outsider = member(Ids.newId(), "admin");
        server = new SpecServer();
        server.put("/schemas/pet.yaml", PET_SCHEMA);
        url = server.put("/pets.yaml", PETS_31);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    String base() {
        return "/v1/orgs/" + org + "/openapi";
    }

    @Test
    void createReadListPatchDelete() {
        String slug = slug();
        as(editor).body(create(slug, url)).post(base()).then().statusCode(201)
                .body("object", equalTo("openapi-spec")).body("slug", equalTo(slug))
                .body("sourceURL", equalTo(url)).body("processingState", equalTo("pending"))
                .body("visibility", equalTo("private")).body("lastProcessedErrorCount", equalTo(0))
                .body("permissions.view", equalTo(true)).body("permissions.edit", equalTo(true))
                .body("urls.location", endsWith("/v1/orgs/" + org + "/openapi/" + slug))
                .body("urls.app", notNullValue()).body("$", not(hasKey("urls.published")))
                .body("id", notNullValue()).body("createdAt", notNullValue());
        // a second create of the slug is a conflict
        as(admin).body(create(slug, url)).post(base()).then().statusCode(409);

        as(reader).get(base() + "/" + slug).then().statusCode(200).body("slug", equalTo(slug))
                .body("permissions.edit", equalTo(false));
        as(reader).get(base()).then().statusCode(200).body("items.slug", hasItem(slug)).body("count", equalTo(1));

        complete(editor, org, slug);
        as(editor).body("{\"visibility\":\"public\"}").patch(base() + "/" + slug).then().statusCode(200)
                .body("visibility", equalTo("public")).body("urls.published", containsString("/openapi/" + org + "/" + slug));
        as(editor).body("{\"visibility\":\"unlisted\"}").patch(base() + "/" + slug).then().statusCode(400)
                .body("error.message", containsString("visibility"));
        as(editor).body("{}").patch(base() + "/" + slug).then().statusCode(400);
        as(editor).body("{\"visibility\":\"private\"}").patch(base() + "/nope").then().statusCode(404);

        // PUT of a new slug creates (201), of an existing one updates (200)
        String other = slug();
        as(editor).body(urlSource(url)).put(base() + "/" + other).then().statusCode(201).body("slug", equalTo(other));
        as(editor).body(urlSource(url)).put(base() + "/" + other).then().statusCode(200)
                .body("processingState", equalTo("pending"));

        // lists page with a cursor
        var first = as(reader).queryParam("limit", 1).get(base()).then().statusCode(200)
                .body("items.size()", equalTo(1)).body("count", equalTo(2)).extract().jsonPath();
        as(reader).queryParam("limit", 1).queryParam("page", first.getString("next.page")).get(base()).then()
                .statusCode(200).body("items[0].slug", equalTo(other)).body("$", not(hasKey("next")));

        as(editor).delete(base() + "/" + slug).then().statusCode(204);
        as(editor).get(base() + "/" + slug).then().statusCode(404);
        as(editor).delete(base() + "/" + slug).then().statusCode(204);
        as(editor).delete(base() + "/never-was").then().statusCode(204);

        String id = as(editor).get(base() + "/" + other).path("id");
        List<String> types = QuarkusTransaction.requiringNew().call(() -> em.createQuery(
                "select type from OutboxEvent where aggregateId = :id order by id", String.class)
                .setParameter("id", id).getResultList());
        assertEquals(OpenApiEventTypes.SPEC_UPLOADED, types.get(0));
        assertEquals(2, types.stream().filter(OpenApiEventTypes.SPEC_UPLOADED::equals).count());
    }

    @Test
    void limitsAreCheckedAndNothingChanges() {
        as(editor).body(create("a".repeat(101), url)).post(base()).then().statusCode(400)
                .body("error.message", containsString("slug"));
        as(editor).body(create("a".repeat(100), url)).post(base()).then().statusCode(201);
        for (String bad : List.of("a--b", "-a", "a-", "a_b", "a b", "")) {
            as(editor).body(create(bad, url)).post(base()).then().statusCode(400);
        }
        as(editor).body(urlSource(url)).put(base() + "/a--b").then().statusCode(400);
        String longUrl = "http://127.0.0.1/" + "a".repeat(2048 - "http://127.0.0.1/".length());
        as(editor).body(create(slug(), longUrl)).post(base()).then().statusCode(201);
        as(editor).body(create(slug(), longUrl + "a")).post(base()).then().statusCode(400)
                .body("error.message", containsString("2048"));
        as(editor).body(create(slug(), "ftp://example.com/spec.yaml")).post(base()).then().statusCode(400)
                .body("error.message", containsString("http"));
        as(editor).body(create(slug(), "not a url")).post(base()).then().statusCode(400);
        as(editor).body("{\"slug\":\"" + slug() + "\"}").post(base()).then().statusCode(400)
                .body("error.message", containsString("source"));
        as(editor).body("{\"slug\":\"" + slug() + "\",\"source\":{\"url\":\"" + url + "\",\"text\":\"x\"}}")
                .post(base()).then().statusCode(400);
        as(editor).body("{\"slug\":\"" + slug() + "\",\"source\":{\"text\":\"\"}}").post(base()).then().statusCode(400);
        as(editor).body("{\"slug\":\"" + slug() + "\",\"source\":\"" + url + "\"}").post(base()).then().statusCode(400);
        as(editor).body("[1]").post(base()).then().statusCode(400);
        as(editor).queryParam("limit", 1001).get(base()).then().statusCode(400);
        as(editor).queryParam("page", "garbage").get(base()).then().statusCode(400);
        as(editor).get(base()).then().statusCode(200).body("count", equalTo(2));
    }

    @Test
    void readersReadAndCannotWrite() {
        String slug = slug();
        as(editor).body(create(slug, url)).post(base()).then().statusCode(201);
        complete(reader, org, slug);
        as(reader).get(base() + "/" + slug + "/versions").then().statusCode(200);
        as(reader).get(base() + "/" + slug + "/versions/latest/content").then().statusCode(200);
        as(reader).body(create(slug(), url)).post(base()).then().statusCode(403);
        as(reader).body(urlSource(url)).put(base() + "/" + slug).then().statusCode(403);
        as(reader).body(urlSource(url)).put(base() + "/" + slug()).then().statusCode(403);
        as(reader).body("{\"visibility\":\"public\"}").patch(base() + "/" + slug).then().statusCode(403);
        as(reader).delete(base() + "/" + slug).then().statusCode(403);
        as(reader).get(base() + "/" + slug).then().statusCode(200).body("visibility", equalTo("private"));
        given().get(base()).then().statusCode(401);
    }

    @Test
    void anotherOrganizationGets404Everywhere() {
        String slug = slug();
        as(editor).body(create(slug, url)).post(base()).then().statusCode(201);
        String version = complete(editor, org, slug).getString("lastVersion");
        String spec = base() + "/" + slug;
        as(outsider).get(base()).then().statusCode(404);
        as(outsider).body(create(slug(), url)).post(base()).then().statusCode(404);
        as(outsider).get(spec).then().statusCode(404);
        as(outsider).body(urlSource(url)).put(spec).then().statusCode(404);
        as(outsider).body("{\"visibility\":\"public\"}").patch(spec).then().statusCode(404);
        as(outsider).delete(spec).then().statusCode(404);
        as(outsider).get(spec + "/versions").then().statusCode(404);
        as(outsider).get(spec + "/versions/latest").then().statusCode(404);
        as(outsider).get(spec + "/versions/latest/content").then().statusCode(404);
        as(outsider).get(spec + "/versions/" + version).then().statusCode(404);
        as(outsider).get(spec + "/versions/" + version + "/content").then().statusCode(404);
        as(outsider).get(spec + "/versions/" + version + "/diff?against=" + version).then().statusCode(404);
        as(editor).get(spec).then().statusCode(200).body("processingState", equalTo("complete"));
    }
}
