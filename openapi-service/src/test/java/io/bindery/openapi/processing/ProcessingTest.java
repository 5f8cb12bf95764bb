package io.bindery.openapi.processing;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.contracts.openapi.OpenApiEventTypes;
import io.bindery.openapi.testing.SpecServer;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.bindery.openapi.testing.SpecFixtures.PETS_31;
import static io.bindery.openapi.testing.SpecFixtures.PETS_31_CHANGED;
import static io.bindery.openapi.testing.SpecFixtures.PET_SCHEMA;
import static io.bindery.openapi.testing.SpecFixtures.SWAGGER_20;
import static io.bindery.openapi.testing.SpecFixtures.as;
import static io.bindery.openapi.testing.SpecFixtures.complete;
import static io.bindery.openapi.testing.SpecFixtures.create;
import static io.bindery.openapi.testing.SpecFixtures.member;
import static io.bindery.openapi.testing.SpecFixtures.slug;
import static io.bindery.openapi.testing.SpecFixtures.urlSource;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Processing through Kafka, with specs served by a real HTTP server on 127.0.0.1 (bindery.outbound.allow lets the
 * tests reach 127.0.0.1/32 only): versions, content, the error codes, the outbound guard, retries, diffs.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class ProcessingTest {
    @Inject
    EntityManager em;

    String org;
    String editor;
    SpecServer server;

    @BeforeEach
    void setUp() throws Exception {
        org = Ids.newId();
        editor = member(org, "create");
        server = new SpecServer();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    String base() {
        return "/v1/orgs/" + org + "/openapi";
    }

    JsonPath upload(String slug, String url) {
        as(editor).body(create(slug, url)).post(base()).then().statusCode(201);
        return complete(editor, org, slug);
    }

    List<String> events(String specId) {
        return QuarkusTransaction.requiringNew().call(() -> em.createQuery(
                        "select type from OutboxEvent where aggregateId = :id order by id", String.class)
                .setParameter("id", specId).getResultList());
    }

    @Test
    void openApi31YamlWithAnExternalRefMakesAVersionWithEveryFile() {
        server.put("/api/schemas/pet.yaml", PET_SCHEMA);
        String url = server.put("/api/pets.yaml", PETS_31);
        String slug = slug();
        JsonPath spec = upload(slug, url);
        assertNull(spec.get("lastProcessErrorCode"), () -> spec.prettify());
        assertEquals(0, spec.getInt("lastProcessedErrorCount"));
        String version = spec.getString("lastVersion");
        assertTrue(version != null && spec.getString("lastProcessedAt") != null);

        as(editor).get(base() + "/" + slug + "/versions").then().statusCode(200)
                .body("count", equalTo(1)).body("items[0].id", equalTo(version))
                .body("items[0].object", equalTo("openapi-spec-version")).body("items[0].url", equalTo(url))
                .body("items[0].urls.location", containsString("/versions/" + version));
        as(editor).get(base() + "/" + slug + "/versions/latest").then().statusCode(200).body("id", equalTo(version));
        as(editor).get(base() + "/" + slug + "/versions/" + version).then().statusCode(200).body("url", equalTo(url));
        as(editor).get(base() + "/" + slug + "/versions/latest/content").then().statusCode(200)
                .body("url", equalTo(url)).body("urls.source", equalTo(url)).body("urls.public", nullValue())
                .body("urls", hasKey("public"))
                .body("filesystem.entrypoint", equalTo("pets.yaml"))
                .body("filesystem.files.size()", equalTo(2))
                .body("filesystem.files[0].path", equalTo("pets.yaml")).body("filesystem.files[0].entrypoint", equalTo(true))
                .body("filesystem.files[0].text", equalTo(PETS_31))
                .body("filesystem.files[1].path", equalTo("schemas/pet.yaml"))
                .body("filesystem.files[1].url", equalTo(server.url("/api/schemas/pet.yaml")))
                .body("filesystem.files[1].text", equalTo(PET_SCHEMA));
        as(editor).get(base() + "/" + slug + "/versions/nope").then().statusCode(404);
        as(editor).get(base() + "/nope/versions/latest").then().statusCode(404);

        String id = spec.getString("id");
        assertEquals(List.of(OpenApiEventTypes.SPEC_UPLOADED, OpenApiEventTypes.SPEC_PROCESSED), events(id));

        // public: anyone reads the latest version at urls.published, relative $refs included; private again: 404
        String published = as(editor).body("{\"visibility\":\"public\"}").patch(base() + "/" + slug)
                .then().statusCode(200).extract().path("urls.published");
        String path = published.substring(published.indexOf("/openapi/"));
        given().get(path).then().statusCode(200).body(equalTo(PETS_31));
        given().get(path + "schemas/pet.yaml").then().statusCode(200).body(equalTo(PET_SCHEMA));
        as(editor).get(base() + "/" + slug + "/versions/latest/content").then().statusCode(200)
                .body("urls.public", equalTo(published));
        as(editor).body("{\"visibility\":\"private\"}").patch(base() + "/" + slug).then().statusCode(200);
        given().get(path).then().statusCode(404);
    }

    @Test
    void openApi30WithAnAbsoluteExternalRefAndYamlAliases() {
        String schemaUrl = server.put("/shared/order.json", "{\"Order\": {\"type\": \"object\", \"properties\": {\"id\": {\"type\": \"string\"}}}}");
        String url = server.put("/v3/orders.yaml", """
                openapi: 3.0.3
                info: {title: Orders, version: '1'}
                paths:
                  /orders:
                    get:
                      operationId: listOrders
                      responses:
                        '200': &ok
                          description: the order
                          content:
                            application/json:
                              schema: {$ref: '%s#/Order'}
                  /orders/{id}:
                    get:
                      operationId: getOrder
                      parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                      responses:
                        '200': *ok
                """.formatted(schemaUrl));
        String slug = slug();
        JsonPath spec = upload(slug, url);
        assertNull(spec.get("lastProcessErrorCode"), spec::prettify);
        as(editor).get(base() + "/" + slug + "/versions/latest/content").then().statusCode(200)
                .body("filesystem.files.size()", equalTo(2))
                .body("filesystem.files[1].path", equalTo(schemaUrl))
                .body("filesystem.files[1].url", equalTo(schemaUrl));
    }

    @Test
    void swagger20JsonIsProcessed() {
        String slug = slug();
        JsonPath spec = upload(slug, server.put("/store.json", SWAGGER_20));
        assertNull(spec.get("lastProcessErrorCode"), () -> spec.prettify());
        as(editor).get(base() + "/" + slug + "/versions/latest/content").then().statusCode(200)
                .body("filesystem.files[0].text", equalTo(SWAGGER_20));
    }

    @Test
    void aSpecGivenAsTextIsProcessed() {
        String slug = slug();
        as(editor).body(Map.of("slug", slug, "source", Map.of("text", SWAGGER_20))).post(base()).then().statusCode(201)
                .body("$", not(hasKey("sourceURL")));
        JsonPath spec = complete(editor, org, slug);
        assertNull(spec.get("lastProcessErrorCode"), () -> spec.prettify());
        as(editor).get(base() + "/" + slug + "/versions/latest/content").then().statusCode(200)
                .body("filesystem.files[0].text", equalTo(SWAGGER_20)).body("filesystem.files[0].path", equalTo("openapi.json"));
    }

    @Test
    void anInvalidDocumentCompletesWithParseErrorsAndLocations() {
        String slug = slug();
        JsonPath spec = upload(slug, server.put("/broken.yaml", "openapi: 3.0.3\ninfo:\n  title: [unclosed\n  version: 1\n"));
        assertEquals("complete", spec.getString("processingState"));
        assertEquals("PARSE_ERROR", spec.getString("lastProcessErrorCode"), spec::prettify);
        assertEquals(1, spec.getInt("lastProcessedErrorCount"));
        assertTrue(spec.getString("lastProcessedErrors[0].location").matches(".*/broken.yaml:\\d+:\\d+"), spec::prettify);
        assertNull(spec.get("lastVersion"));

        String invalid = slug();
        JsonPath semantic = upload(invalid, server.put("/invalid.yaml",
                "openapi: 3.0.3\ninfo:\n  version: 1.0.0\npaths:\n  /a:\n    get:\n      operationId: a\n"));
        assertEquals("PARSE_ERROR", semantic.getString("lastProcessErrorCode"), semantic::prettify);
        assertTrue(semantic.getInt("lastProcessedErrorCount") >= 2, semantic::prettify);
        List<String> messages = semantic.getList("lastProcessedErrors.message");
        List<String> locations = semantic.getList("lastProcessedErrors.location");
        assertTrue(messages.stream().anyMatch(m -> m.contains("info.title")), messages::toString);
        assertTrue(locations.stream().anyMatch(l -> l.endsWith("/invalid.yaml#info.title")), locations::toString);
        String id = semantic.getString("id");
        assertEquals(OpenApiEventTypes.SPEC_FAILED, events(id).get(events(id).size() - 1));

        JsonPath notOpenApi = upload(slug(), server.put("/plain.yaml", "hello: world\n"));
        assertEquals("PARSE_ERROR", notOpenApi.getString("lastProcessErrorCode"), notOpenApi::prettify);
    }

    @Test
    void aServerThatNeverAnswersIsAFetchTimeout() {
        JsonPath spec = upload(slug(), server.url("/hang"));
        assertEquals("FETCH_TIMEOUT", spec.getString("lastProcessErrorCode"), spec::prettify);
        assertEquals("complete", spec.getString("processingState"));
        assertEquals(server.url("/hang"), spec.getString("lastProcessedErrors[0].location"));
    }

    @Test
    void aRedirectLoopIsAFetchError() {
        JsonPath spec = upload(slug(), server.url("/loop"));
        assertEquals("FETCH_ERROR", spec.getString("lastProcessErrorCode"), spec::prettify);
        assertTrue(spec.getString("lastProcessedErrors[0].message").contains("redirects"), spec::prettify);
        assertTrue(server.hits.get("/loop") <= 6, server.hits::toString);
    }

    @Test
    void privateAddressesAreRefusedUnlessAllowed() {
        // 127.0.0.1/32 is allowed in tests; 127.0.0.2 (loopback) and 10.0.0.0/8 (private) are not
        JsonPath loopback = upload(slug(), server.url("/pets.yaml").replace("127.0.0.1", "127.0.0.2"));
        assertEquals("FETCH_ERROR", loopback.getString("lastProcessErrorCode"), loopback::prettify);
        assertTrue(loopback.getString("lastProcessedErrors[0].message").contains("bindery.outbound.allow"), loopback::prettify);

        JsonPath privateNet = upload(slug(), "http://10.20.30.40/spec.yaml");
        assertEquals("FETCH_ERROR", privateNet.getString("lastProcessErrorCode"), privateNet::prettify);
        assertTrue(privateNet.getString("lastProcessedErrors[0].message").contains("private address"), privateNet::prettify);

        // a redirect is checked again, and so is every external $ref
        String target = server.put("/pets.yaml", PETS_31).replace("127.0.0.1", "127.0.0.2");
        JsonPath redirected = upload(slug(), server.url("/moved?to=" + target));
        assertEquals("FETCH_ERROR", redirected.getString("lastProcessErrorCode"), redirected::prettify);
        server.put("/refs.yaml", PETS_31.replace("schemas/pet.yaml", "http://10.1.2.3/pet.yaml"));
        JsonPath viaRef = upload(slug(), server.url("/refs.yaml"));
        assertEquals("FETCH_ERROR", viaRef.getString("lastProcessErrorCode"), viaRef::prettify);
        assertTrue(viaRef.getString("lastProcessedErrors[0].message").contains("10.1.2.3"), viaRef::prettify);
        server.put("/file-ref.yaml", PETS_31.replace("schemas/pet.yaml", "file:///etc/passwd"));
        JsonPath fileRef = upload(slug(), server.url("/file-ref.yaml"));
        assertEquals("FETCH_ERROR", fileRef.getString("lastProcessErrorCode"), fileRef::prettify);
    }

    @Test
    void anUnchangedUploadMakesNoVersionAndAChangedOneIsDiffed() {
        server.put("/schemas/pet.yaml", PET_SCHEMA);
        String url = server.put("/pets.yaml", PETS_31);
        String slug = slug();
        String first = upload(slug, url).getString("lastVersion");

        as(editor).body(urlSource(url)).put(base() + "/" + slug).then().statusCode(200);
        JsonPath again = complete(editor, org, slug);
        assertEquals(first, again.getString("lastVersion"));
        assertNull(again.get("lastProcessErrorCode"));
        as(editor).get(base() + "/" + slug + "/versions").then().body("count", equalTo(1));
        assertEquals(2, server.hits.get("/pets.yaml"));

        assertNotEquals(PETS_31, PETS_31_CHANGED);
        server.put("/pets.yaml", PETS_31_CHANGED);
        server.put("/schemas/pet.yaml", PET_SCHEMA + "    tag: {type: string}\n");
        as(editor).body(urlSource(url)).put(base() + "/" + slug).then().statusCode(200);
        String second = complete(editor, org, slug).getString("lastVersion");
        assertNotEquals(first, second);
        as(editor).get(base() + "/" + slug + "/versions/latest").then().body("id", equalTo(second));
        as(editor).get(base() + "/" + slug + "/versions").then().body("count", equalTo(2))
                .body("items[0].id", equalTo(second)).body("items[1].id", equalTo(first));

        as(editor).get(base() + "/" + slug + "/versions/" + second + "/diff?against=" + first).then().statusCode(200)
                .body("object", equalTo("openapi-spec-version-diff"))
                .body("version", equalTo(second)).body("against", equalTo(first))
                .body("breaking", equalTo(true)).body("breakingChanges", equalTo(2))
                .body("operations.removed[0].method", equalTo("DELETE"))
                .body("operations.removed[0].path", equalTo("/pets/{petId}"))
                .body("operations.removed[0].breaking", equalTo(true))
                .body("operations.changed[0].path", equalTo("/pets"))
                .body("operations.changed[0].changes.kind", hasItem("parameter-required"))
                .body("operations.added.size()", equalTo(0))
                .body("schemas.changed", hasItem("Pet"));
        as(editor).get(base() + "/" + slug + "/versions/" + first + "/diff?against=" + second).then().statusCode(200)
                .body("operations.added[0].path", equalTo("/pets/{petId}")).body("breaking", equalTo(false));
        as(editor).get(base() + "/" + slug + "/versions/latest/diff?against=" + first).then().statusCode(200)
                .body("version", equalTo(second));
        as(editor).get(base() + "/" + slug + "/versions/" + second + "/diff").then().statusCode(400);
        as(editor).get(base() + "/" + slug + "/versions/" + second + "/diff?against=nope").then().statusCode(404);
    }

    @Test
    void aProcessingStuckInProgressIsRequestedAgain() {
        server.put("/schemas/pet.yaml", PET_SCHEMA);
        String url = server.put("/pets.yaml", PETS_31);
        String slug = slug();
        String id = upload(slug, url).getString("id");
        // as if the worker died mid-processing: in progress for a request no event will ever bring
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("""
                UPDATE openapi_spec SET processing_state = 'progress', request = 'lost', attempts = 1,
                    progress_at = now() - interval '1 hour', last_version = NULL WHERE id = :id""")
                .setParameter("id", id).executeUpdate());
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                "complete".equals(as(editor).get(base() + "/" + slug).path("processingState")));
        JsonPath spec = as(editor).get(base() + "/" + slug).then().extract().jsonPath();
        assertNull(spec.get("lastProcessErrorCode"), spec::prettify);
        assertTrue(events(id).contains(OpenApiEventTypes.SPEC_PROCESSING_REQUESTED));
        assertFalse(spec.getString("lastVersion") == null);
    }
}
