package io.bindery.integrations.installations;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.contracts.content.SpaceData;
import io.bindery.contracts.sites.SiteData;
import io.bindery.integrations.testing.ContentStandIn;
import io.bindery.integrations.testing.Platform;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static io.bindery.integrations.testing.IntegrationFixtures.as;
import static io.bindery.integrations.testing.IntegrationFixtures.body;
import static io.bindery.integrations.testing.IntegrationFixtures.member;
import static io.bindery.integrations.testing.IntegrationFixtures.organization;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
class InstallationsTest {
    @Inject
    ObjectMapper json;
    @Inject
    EntityManager em;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String kafka;

    String org;
    String admin;
    String reader;
    String otherOrg;
    String outsider;
    String name;

    @BeforeEach
    void integrationAndOrganizations() throws Exception {
        org = organization(kafka, json, "h" + Ids.newId().toLowerCase());
        admin = member(org, "admin");
        reader = member(org, "read");
        otherOrg = organization(kafka, json, "o" + Ids.newId().toLowerCase());
        outsider = member(otherOrg, "admin");
        name = "it-" + Ids.newId().toLowerCase();
        as(admin).body(body(org, ",\"scopes\":[\"space:content:read\",\"site:metadata:read\"]"))
                .post("/v1/integrations/" + name).then().statusCode(200);
    }

    private String install(String body) {
        return as(admin).body(body).post("/v1/integrations/" + name + "/installations").then().statusCode(201)
                .extract().path("id");
    }

    @Test
    void installReadUpdateAndUninstall() {
        Response created = as(admin).body("{\"organization\":\"" + org + "\",\"externalIds\":[\"ext-1\"]}")
                .post("/v1/integrations/" + name + "/installations");
        created.then().statusCode(201).body("status", equalTo("active")).body("space_selection", equalTo("all"))
                .body("site_selection", equalTo("all")).body("spaces", equalTo(0)).body("configuration", equalTo(java.util.Map.of()))
                .body("externalIds", equalTo(List.of("ext-1"))).body("target.organization", equalTo(org))
                .body("urls.location", notNullValue()).body("urls.app", notNullValue())
                .body("urls.publicEndpoint", notNullValue()).body("createdAt", notNullValue())
                .body("urls.publicContentEndpoint", notNullValue());
        String id = created.path("id");
        assertEquals(created.path("urls.location"), created.header("Location"));
        String path = "/v1/integrations/" + name + "/installations/" + id;

        as(reader).get(path).then().statusCode(200).body("id", equalTo(id));
        as(outsider).get(path).then().statusCode(404).body("error.code", equalTo(404));
        // installed once per organization
        as(admin).body("{\"organization\":\"" + org + "\"}").post("/v1/integrations/" + name + "/installations")
                .then().statusCode(409);

        as(reader).body("{\"space_selection\":\"selected\"}").patch(path).then().statusCode(403);
        as(outsider).body("{\"space_selection\":\"selected\"}").patch(path).then().statusCode(404);
        as(admin).body("{\"space_selection\":\"selected\",\"configuration\":{\"channel\":\"#docs\"}}").patch(path)
                .then().statusCode(200).body("space_selection", equalTo("selected")).body("site_selection", equalTo("all"))
                .body("configuration.channel", equalTo("#docs")).body("externalIds", equalTo(List.of("ext-1")));

        as(admin).get("/v1/integrations/" + name + "/installations").then().statusCode(200)
                .body("count", equalTo(1)).body("items[0].id", equalTo(id));
        as(admin).get("/v1/integrations/" + name + "/installations?externalId=ext-1").then().statusCode(200)
                .body("count", equalTo(1));
        as(admin).get("/v1/integrations/" + name + "/installations?externalId=nope").then().statusCode(200)
                .body("count", equalTo(0));
        // the integration is private: another organization does not know it
        as(outsider).get("/v1/integrations/" + name + "/installations").then().statusCode(404);

        as(reader).delete(path).then().statusCode(403);
        as(outsider).delete(path).then().statusCode(404);
        as(admin).delete(path).then().statusCode(204);
        as(admin).get(path).then().statusCode(404);
        // each change recorded its event, newest first
        List<String> types = as(admin).get("/v1/integrations/" + name + "/events").then().statusCode(200)
                .extract().path("items.payload.type");
        assertEquals(List.of("installation_deleted", "installation_setup", "installation_setup"), types);
        as(admin).get("/v1/integrations/" + name + "/events").then()
                .body("items[1].payload.previous.status", equalTo("active"))
                .body("items[1].payload.installationId", equalTo(id))
                .body("items[2].payload.previous", nullValue());
        assertEquals(List.of("bindery.integration.installation.created.v1", "bindery.integration.installation.updated.v1",
                "bindery.integration.installation.deleted.v1"), outboxTypes(name));
    }

    @Test
    void aPublicIntegrationIsInstalledByAnotherOrganizationsAdminsOnly() {
        as(admin).body(body(org, ",\"visibility\":\"public\"")).post("/v1/integrations/" + name).then().statusCode(200);
        String otherReader = member(otherOrg, "read");
        as(otherReader).body("{\"organization\":\"" + otherOrg + "\"}").post("/v1/integrations/" + name + "/installations")
                .then().statusCode(403);
        // not a member of the organization installed on: 404
        as(outsider).body("{\"organization\":\"" + org + "\"}").post("/v1/integrations/" + name + "/installations")
                .then().statusCode(404);
        String id = as(outsider).body("{\"organization\":\"" + otherOrg + "\"}")
                .post("/v1/integrations/" + name + "/installations").then().statusCode(201).extract().path("id");
        // the integration's owner sees every installation, the other organization its own, a third one none
        as(admin).get("/v1/integrations/" + name + "/installations").then().body("items.id", equalTo(List.of(id)));
        as(otherReader).get("/v1/integrations/" + name + "/installations").then().body("items.id", equalTo(List.of(id)));
        String third = member(Ids.newId(), "admin");
        as(third).get("/v1/integrations/" + name + "/installations").then().statusCode(200).body("count", equalTo(0));
        as(third).get("/v1/integrations/" + name + "/installations/" + id).then().statusCode(404);
        // the owner's admins cannot change another organization's installation
        as(admin).body("{}").patch("/v1/integrations/" + name + "/installations/" + id).then().statusCode(404);
    }

    @Test
    void spacesAndSitesAreInstalledListedAndExpanded() throws Exception {
        SpaceData space = Platform.space(kafka, json, em, org, "Handbook", Set.of(admin));
        SpaceData other = Platform.space(kafka, json, em, org, "Secret", Set.of());
        SpaceData elsewhere = Platform.space(kafka, json, em, otherOrg, "Elsewhere", Set.of(outsider));
        SiteData site = Platform.site(kafka, json, em, org, "Docs");
        String id = install("{\"organization\":\"" + org + "\",\"space_selection\":\"selected\",\"site_selection\":\"selected\"}");
        String base = "/v1/integrations/" + name + "/installations/" + id;

        as(admin).body("{\"space\":\"" + space.id() + "\"}").post(base + "/spaces").then().statusCode(201)
                .body("integration", equalTo(name)).body("installation", equalTo(id)).body("status", equalTo("active"))
                .body("space", equalTo(space.id())).body("externalIds", equalTo(List.of()))
                .body("urls.location", notNullValue());
        as(admin).body("{\"space\":\"" + other.id() + "\"}").post(base + "/spaces?extended=true").then().statusCode(201)
                .body("space.id", equalTo(other.id())).body("space.permissions.view", equalTo(false));
        as(admin).body("{\"space\":\"" + space.id() + "\"}").post(base + "/spaces").then().statusCode(409);
        as(admin).body("{\"space\":\"" + elsewhere.id() + "\"}").post(base + "/spaces").then().statusCode(404);
        as(admin).body("{\"space\":\"" + Ids.newId() + "\"}").post(base + "/spaces").then().statusCode(404);
        as(reader).body("{\"space\":\"" + space.id() + "\"}").post(base + "/spaces").then().statusCode(403);
        as(outsider).body("{\"space\":\"" + space.id() + "\"}").post(base + "/spaces").then().statusCode(404);
        // GitBook's installIntegrationOnSite body names the site siteId; Bindery's earlier site still works
        as(admin).body("{\"siteId\":\"" + site.id() + "\"}").post(base + "/sites").then().statusCode(201)
                .body("site", equalTo(site.id()));
        as(admin).body("{\"site\":\"" + site.id() + "\"}").post(base + "/sites").then().statusCode(409);
        as(admin).body("{}").post(base + "/sites").then().statusCode(400)
                .body("error.message", equalTo("siteId is required"));

        as(admin).get(base).then().body("spaces", equalTo(2));
        as(admin).get(base + "/spaces").then().statusCode(200).body("count", equalTo(2))
                .body("items.space", equalTo(List.of(space.id(), other.id())));
        // expand (and extended, which @gitbook/api sends): the Space as content shows it to the caller
        for (String flag : List.of("expand", "extended")) {
            as(admin).get("/v1/integrations/" + name + "/spaces?" + flag + "=true").then().statusCode(200)
                    .body("items[0].space.object", equalTo("space")).body("items[0].space.title", equalTo("Handbook"))
                    .body("items[0].space.permissions.view", equalTo(true))
                    .body("items[1].space.title", equalTo("Secret"));
            as(admin).get("/v1/integrations/" + name + "/sites?" + flag + "=true").then().statusCode(200)
                    .body("items[0].site.object", equalTo("site")).body("items[0].site.id", equalTo(site.id()))
                    .body("items[0].site.title", equalTo("Docs"));
        }
        as(admin).get(base + "/spaces?limit=1").then().body("items.space", equalTo(List.of(space.id())))
                .body("next.page", notNullValue());
        as(reader).get(base + "/spaces").then().statusCode(200).body("count", equalTo(2));
        as(outsider).get(base + "/spaces").then().statusCode(404);
        as(outsider).get("/v1/integrations/" + name + "/spaces").then().statusCode(404);

        as(admin).body("{\"configuration\":{\"a\":1},\"externalIds\":[\"x\"]}").patch(base + "/spaces/" + space.id())
                .then().statusCode(200).body("configuration.a", equalTo(1)).body("externalIds", equalTo(List.of("x")));
        as(admin).get("/v1/integrations/" + name + "/spaces?externalId=x").then().body("items.space", equalTo(List.of(space.id())));
        as(reader).body("{}").patch(base + "/spaces/" + space.id()).then().statusCode(403);
        as(admin).get(base + "/spaces/" + space.id() + "?expand=true").then().statusCode(200)
                .body("space.title", equalTo("Handbook"));
        as(admin).delete(base + "/spaces/" + space.id()).then().statusCode(204);
        as(admin).delete(base + "/spaces/" + space.id()).then().statusCode(204);
        as(admin).get(base + "/spaces/" + space.id()).then().statusCode(404);
        as(admin).get(base + "/sites/" + site.id()).then().statusCode(200);
        as(admin).delete(base + "/sites/" + site.id()).then().statusCode(204);

        List<String> types = as(admin).get("/v1/integrations/" + name + "/events?limit=100").then().extract()
                .path("items.payload.type");
        assertEquals(List.of("site_installation_deleted", "space_installation_deleted", "space_installation_setup",
                "site_installation_setup", "space_installation_setup", "space_installation_setup", "installation_setup"), types);
    }

    @Test
    void aSiteIntegrationIsNotInstalledOnSpaces() throws Exception {
        String siteOnly = "it-" + Ids.newId().toLowerCase();
        as(admin).body(body(org, ",\"target\":\"site\"")).post("/v1/integrations/" + siteOnly).then().statusCode(200);
        SpaceData space = Platform.space(kafka, json, em, org, "Handbook", Set.of(admin));
        String id = as(admin).body("{\"organization\":\"" + org + "\"}").post("/v1/integrations/" + siteOnly + "/installations")
                .then().statusCode(201).extract().path("id");
        as(admin).body("{\"space\":\"" + space.id() + "\"}").post("/v1/integrations/" + siteOnly + "/installations/" + id + "/spaces")
                .then().statusCode(400);
    }

    @Test
    void everyInvalidInputIsA400() {
        String installations = "/v1/integrations/" + name + "/installations";
        for (String bad : List.of("[]", "{}", "{\"organization\":7}", "{\"organization\":\"" + org + "\",\"space_selection\":\"some\"}",
                "{\"organization\":\"" + org + "\",\"site_selection\":true}",
                "{\"organization\":\"" + org + "\",\"configuration\":[1]}",
                "{\"organization\":\"" + org + "\",\"externalIds\":[\"1\",\"2\",\"3\",\"4\",\"5\",\"6\"]}",
                "{\"organization\":\"" + org + "\",\"externalIds\":[1]}")) {
            as(admin).body(bad).post(installations).then().statusCode(400).body("error.code", equalTo(400));
        }
        as(admin).body("{\"organization\":\"" + Ids.newId() + "\"}").post(installations).then().statusCode(404);
        as(admin).body("{\"organization\":\"" + org + "\"}").post("/v1/integrations/no-such-" + Ids.newId().toLowerCase()
                + "/installations").then().statusCode(404);
        as(admin).body("{\"organization\":\"" + org + "\"}").post("/v1/integrations/bad%20name/installations").then().statusCode(400);
        String id = install("{\"organization\":\"" + org + "\"}");
        String base = installations + "/" + id;
        as(admin).body("{\"space_selection\":\"none\"}").patch(base).then().statusCode(400);
        as(admin).body("{\"space\":\"a/b\"}").post(base + "/spaces").then().statusCode(400);
        as(admin).body("{}").post(base + "/spaces").then().statusCode(400);
        as(admin).get(base + "/spaces?expand=maybe").then().statusCode(400);
        as(admin).get(base + "/spaces?page=nonsense").then().statusCode(400);
        as(admin).get(installations + "?limit=-1").then().statusCode(400);
        as(admin).get(installations + "/" + Ids.newId()).then().statusCode(404);
    }

    @Inject
    jakarta.persistence.EntityManager em2;

    @jakarta.transaction.Transactional
    List<String> outboxTypes(String integration) {
        return em2.createNativeQuery("SELECT type FROM outbox_event WHERE aggregate_id = :s AND type LIKE '%installation%' ORDER BY id", String.class)
                .setParameter("s", integration).getResultList();
    }
}
