package io.bindery.integrations.integrations;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Base64;
import java.util.List;

import static io.bindery.integrations.testing.IntegrationFixtures.PNG;
import static io.bindery.integrations.testing.IntegrationFixtures.as;
import static io.bindery.integrations.testing.IntegrationFixtures.body;
import static io.bindery.integrations.testing.IntegrationFixtures.member;
import static io.bindery.integrations.testing.IntegrationFixtures.organization;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

@QuarkusTest
@WithTestResource(TestIdentity.class)
class IntegrationsTest {
    @Inject
    ObjectMapper json;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String kafka;

    String org;
    String hostname;
    String admin;
    String reader;
    String outsider;

    @BeforeEach
    void organizationWithMembers() throws Exception {
        hostname = "h" + Ids.newId().toLowerCase();
        org = organization(kafka, json, hostname);
        admin = member(org, "admin");
        reader = member(org, "read");
        String other = organization(kafka, json, "o" + Ids.newId().toLowerCase());
        outsider = member(other, "admin");
    }

    private String name() {
        return "it-" + Ids.newId().toLowerCase();
    }

    @Test
    void publishShowsTheIntegrationAndItsSigningSecretToAdminsOnly() {
        String name = name();
        Response published = as(admin).body(body(org, ",\"secrets\":{\"API_KEY\":\"s3cr3t\"},\"icon\":\"" + PNG
                        + "\",\"categories\":[\"analytics\"],\"visibility\":\"public\",\"target\":\"space\""))
                .post("/v1/integrations/" + name);
        published.then().statusCode(200)
                .body("object", equalTo("integration")).body("name", equalTo(name)).body("version", equalTo(1))
                .body("title", equalTo("My integration")).body("target", equalTo("space"))
                .body("visibility", equalTo("public")).body("verified", equalTo(false))
                .body("scopes", equalTo(List.of("space:content:read"))).body("categories", equalTo(List.of("analytics")))
                .body("owner.id", equalTo(org)).body("owner.object", equalTo("organization"))
                .body("owner.permissions.admin", equalTo(true)).body("permissions.admin", equalTo(true))
                .body("urls.icon", startsWith("data:image/png;base64,"))
                .body("urls.publicContentEndpoint", equalTo(published.path("urls.publicEndpoint")))
                .body("signingSecret", startsWith("whsec_"))
                .body("$", not(hasKey("secrets"))).body("$", not(hasKey("script")));
        String secret = published.path("signingSecret");

        as(admin).get("/v1/integrations/" + name).then().statusCode(200).body("signingSecret", equalTo(secret));
        as(reader).get("/v1/integrations/" + name).then().statusCode(200)
                .body("$", not(hasKey("signingSecret"))).body("permissions.admin", equalTo(false))
                .body("owner.permissions.view", equalTo(true));
        // public: another organization's member reads it too, without the secret
        as(outsider).get("/v1/integrations/" + name).then().statusCode(200)
                .body("$", not(hasKey("signingSecret"))).body("owner.permissions.view", equalTo(false));

        // republishing bumps the version and keeps the secret unless asked to rotate it
        as(admin).body(body(org, "")).post("/v1/integrations/" + name).then().statusCode(200)
                .body("version", equalTo(2)).body("signingSecret", equalTo(secret));
        String rotated = as(admin).body(body(org, ",\"rotateSigningSecret\":true")).post("/v1/integrations/" + name)
                .then().statusCode(200).body("version", equalTo(3)).extract().path("signingSecret");
        assertNotEquals(secret, rotated);
    }

    @Test
    void publishFindsTheOrganizationBySubdomainAndAnswers404ForAnUnknownOne() {
        String name = name();
        as(admin).body(body(hostname, "")).post("/v1/integrations/" + name).then().statusCode(200)
                .body("owner.id", equalTo(org));
        as(admin).body(body("no-such-" + Ids.newId(), "")).post("/v1/integrations/" + name()).then().statusCode(404)
                .body("error.code", equalTo(404));
    }

    @Test
    void everyInvalidFieldIsA400() {
        String svg = Base64.getEncoder().encodeToString("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".getBytes());
        as(admin).body(body(org, ",\"icon\":\"" + svg + "\"")).post("/v1/integrations/" + name()).then().statusCode(200)
                .body("urls.icon", startsWith("data:image/svg+xml;base64,"));
        String big = Base64.getEncoder().encodeToString(new byte[600 * 1024]);
        String text = Base64.getEncoder().encodeToString("hello".getBytes());
        List<String> bad = List.of(
                "{}",
                "[]",
                "{\"organization\":\"" + org + "\",\"title\":\"My integration\",\"description\":\"d\",\"script\":\"s\"}",
                body(org, ",\"scopes\":[\"space:everything\"]"),
                body(org, ",\"scopes\":\"space:content:read\""),
                body(org, ",\"title\":\"x\""),
                body(org, ",\"description\":\"" + "d".repeat(101) + "\""),
                body(org, ",\"runtime\":\"v2\""),
                body(org, ",\"visibility\":\"secret\""),
                body(org, ",\"target\":\"page\""),
                body(org, ",\"categories\":[\"games\"]"),
                body(org, ",\"icon\":\"not base64!\""),
                body(org, ",\"icon\":\"" + text + "\""),
                body(org, ",\"icon\":\"data:image/png;base64," + big + "\""),
                body(org, ",\"previewImages\":[\"" + PNG + "\",\"" + PNG + "\",\"" + PNG + "\",\"" + PNG + "\"]"),
                body(org, ",\"configurations\":[]"),
                body(org, ",\"configurations\":{\"account\":{\"type\":\"string\"}}"),
                body(org, ",\"configurations\":{\"account\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"text\"}}}}"),
                body(org, ",\"configurations\":{\"account\":{\"type\":\"object\",\"properties\":{},\"required\":[\"b\"]}}"),
                body(org, ",\"configurations\":{\"page\":{\"componentId\":\"c\"}}"),
                body(org, ",\"secrets\":{\"k\":1}"),
                body(org, ",\"externalLinks\":[{\"url\":\"javascript:alert(1)\",\"label\":\"x\"}]"),
                body(org, ",\"blocks\":[{\"id\":\"b\",\"title\":\"B\"}]"),
                body(org, ",\"contentSecurityPolicy\":{\"script-source\":\"self\"}"),
                body(org, ",\"rotateSigningSecret\":\"yes\""));
        for (String b : bad) {
            as(admin).body(b).post("/v1/integrations/" + name()).then().statusCode(400).body("error.code", equalTo(400));
        }
        as(admin).body(body(org, "")).post("/v1/integrations/bad%20name").then().statusCode(400);
        as(admin).get("/v1/integrations/bad%20name").then().statusCode(400);
        // a valid configuration schema and a component are accepted
        as(admin).body(body(org, ",\"configurations\":{\"account\":{\"type\":\"object\",\"properties\":"
                        + "{\"token\":{\"type\":\"string\"}},\"required\":[\"token\"]},\"space\":{\"componentId\":\"cfg\"}}"))
                .post("/v1/integrations/" + name()).then().statusCode(200)
                .body("configurations.account.required", equalTo(List.of("token")));
        // as real manifests write it (GitBook's IntegrationConfigurationSchema requires only properties): no type
        as(admin).body(body(org, ",\"configurations\":{\"space\":{\"properties\":{\"token\":{\"type\":\"string\","
                        + "\"title\":\"Token\"}},\"required\":[\"token\"]}}"))
                .post("/v1/integrations/" + name()).then().statusCode(200)
                .body("configurations.space.properties.token.type", equalTo("string"));
        as(admin).body(body(org, ",\"configurations\":{\"space\":{\"type\":\"array\",\"properties\":{}}}"))
                .post("/v1/integrations/" + name()).then().statusCode(400)
                .body("error.message", equalTo("configurations.space must be a JSON Schema of type object"));
    }

    @Test
    void onlyAdminsOfTheOwnerPublishAndDelete() {
        String name = name();
        as(reader).body(body(org, "")).post("/v1/integrations/" + name).then().statusCode(403);
        as(outsider).body(body(org, "")).post("/v1/integrations/" + name).then().statusCode(404);
        as(admin).body(body(org, "")).post("/v1/integrations/" + name).then().statusCode(200);
        // private (the default): unknown outside its organization
        as(outsider).get("/v1/integrations/" + name).then().statusCode(404);
        as(reader).get("/v1/integrations/" + name).then().statusCode(200).body("visibility", equalTo("private"));
        as(outsider).delete("/v1/integrations/" + name).then().statusCode(404);
        as(reader).delete("/v1/integrations/" + name).then().statusCode(403);
        // the name is taken: another organization cannot publish under it
        String otherOrgAdmin = outsider;
        as(otherOrgAdmin).body(body(org, "")).post("/v1/integrations/" + name).then().statusCode(404);
        as(admin).delete("/v1/integrations/" + name).then().statusCode(204);
        as(admin).get("/v1/integrations/" + name).then().statusCode(404);
        assertEquals(List.of("bindery.integration.published.v1", "bindery.integration.deleted.v1"), outboxTypes(name));
        as(admin).delete("/v1/integrations/" + name).then().statusCode(204);
    }

    @Test
    void aNameOfAnotherOrganizationIsAConflict() throws Exception {
        String name = name();
        as(admin).body(body(org, "")).post("/v1/integrations/" + name).then().statusCode(200);
        String otherOrg = organization(kafka, json, "c" + Ids.newId().toLowerCase());
        String otherAdmin = member(otherOrg, "admin");
        as(otherAdmin).body(body(otherOrg, "")).post("/v1/integrations/" + name).then().statusCode(409);
    }

    @Test
    void theListFiltersAndPages() {
        String token = "tok" + Ids.newId().toLowerCase();
        String a = "a-" + token;
        String b = "b-" + token;
        as(admin).body(body(org, ",\"title\":\"Alpha " + token.substring(0, 10) + "\",\"visibility\":\"public\","
                + "\"categories\":[\"analytics\"],\"target\":\"space\","
                + "\"blocks\":[{\"id\":\"embed\",\"title\":\"Embed\",\"urlUnfurl\":[\"https://docs.example.com/**\"]}]"))
                .post("/v1/integrations/" + a).then().statusCode(200);
        as(admin).body(body(org, ",\"visibility\":\"private\",\"categories\":[\"other\"],\"target\":\"site\","
                + "\"scopes\":[\"site:metadata:read\"],\"contentSources\":[{\"id\":\"src\",\"title\":\"Source\"}]"))
                .post("/v1/integrations/" + b).then().statusCode(200);

        assertEquals(List.of(a, b), names(admin, "owner=" + org));
        assertEquals(List.of(a, b), names(admin, "owner=" + hostname));
        // outside the organization, and without the owner filter, only public integrations are listed
        assertEquals(List.of(a), names(outsider, "owner=" + org));
        assertEquals(List.of(a), names(admin, "search=" + token));
        assertEquals(List.of(a), names(admin, "owner=" + org + "&search=ALPHA"));
        assertEquals(List.of(b), names(admin, "owner=" + org + "&category=other"));
        assertEquals(List.of(a), names(admin, "owner=" + org + "&category=analytics"));
        assertEquals(List.of(b), names(admin, "owner=" + org + "&scope=site:metadata:read"));
        assertEquals(List.of(a), names(admin, "owner=" + org + "&scope=space:content:read"));
        assertEquals(List.of(b), names(admin, "owner=" + org + "&target=site"));
        assertEquals(List.of(a), names(admin, "owner=" + org + "&blocks=true"));
        assertEquals(List.of(b), names(admin, "owner=" + org + "&blocks=false"));
        assertEquals(List.of(b), names(admin, "owner=" + org + "&contentSources=true"));
        assertEquals(List.of(a), names(admin, "owner=" + org + "&contentSources=false"));
        assertEquals(List.of(a), names(admin, "owner=" + org + "&blockDomain=example.com"));
        assertEquals(List.of(a), names(admin, "owner=" + org + "&blockDomain=docs.example.com"));
        assertEquals(List.of(), names(admin, "owner=" + org + "&blockDomain=ample.com"));

        Response first = as(admin).get("/v1/integrations?owner=" + org + "&limit=1");
        first.then().statusCode(200).body("count", equalTo(2)).body("items[0].name", equalTo(a))
                .body("next.page", notNullValue());
        as(admin).get("/v1/integrations?owner=" + org + "&limit=1&page=" + first.path("next.page")).then()
                .statusCode(200).body("items[0].name", equalTo(b)).body("next", nullValue());

        for (String q : List.of("category=games", "scope=all", "target=page", "blocks=maybe", "contentSources=1",
                "blockDomain=a/b", "page=not-a-cursor", "limit=-1")) {
            as(admin).get("/v1/integrations?" + q).then().statusCode(400).body("error.code", equalTo(400));
        }
        as(admin).get("/v1/integrations?owner=no-such-org-" + token).then().statusCode(404);
    }

    @Test
    void routesNotBuiltYetAnswer501() {
        as(admin).get("/v1/integrations/some-name/render").then().statusCode(501);
        as(admin).post("/v1/integrations/some-name/tasks").then().statusCode(501);
    }

    @Inject
    jakarta.persistence.EntityManager em;

    @jakarta.transaction.Transactional
    List<String> outboxTypes(String name) {
        return em.createNativeQuery("SELECT type FROM outbox_event WHERE aggregate_id = :s AND envelope NOT LIKE '%whsec_%' ORDER BY id", String.class)
                .setParameter("s", name).getResultList();
    }

    private List<String> names(String user, String query) {
        return as(user).get("/v1/integrations?" + query).then().statusCode(200).extract().path("items.name");
    }
}
