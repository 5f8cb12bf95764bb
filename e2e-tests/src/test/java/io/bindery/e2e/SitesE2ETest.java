package io.bindery.e2e;

import io.bindery.e2e.E2EFixtures.TestOrg;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static io.bindery.e2e.Stack.api;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Sites through the gateway, with members made by identity (the memberships sites-service reads come from identity's
 * events and read-through): a site's settings, share links, adaptive schema, sections and groups, and what a visitor
 * of another organization sees of the published site; site spaces with content's spaces (read through content's
 * internal API, kept current by its events) and the Space's urls.published kept from sites' events. Every response is checked against GitBook's OpenAPI documents
 * ({@link GitBookConformance}).
 */
class SitesE2ETest {
    static RequestSpecification as(String token) {
        return api(token).contentType(ContentType.JSON);
    }


    @Test
    void aSiteFromCreationToItsPublishedStructure() {
        TestOrg org = E2EFixtures.newTestOrg();
        String admin = org.admin().token();
        String reader = E2EFixtures.join(org, "read").token();
        String visitor = E2EFixtures.newTestOrg().admin().token();
        String sites = org.path() + "/sites";

        String site = as(admin).body(Map.of("title", "Developer docs")).post(sites).then().statusCode(201)
                .body("object", equalTo("site")).body("published", equalTo(false)).extract().path("id");
        String base = sites + "/" + site;
        as(admin).body(Map.of("basename", "dev", "adaptiveContent", Map.of("enabled", true))).patch(base).then().statusCode(200)
                .body("basename", equalTo("dev"));
        as(reader).get(sites).then().statusCode(200).body("items.id", equalTo(List.of(site)));
        as(reader).body(Map.of("title", "Mine")).patch(base).then().statusCode(403);
        as(visitor).get(base).then().statusCode(404);

        as(admin).body(Map.of("jsonSchema", Map.of("type", "object", "additionalProperties", false, "properties", Map.of(
                "unsigned", Map.of("type", "object", "description", "Unsigned claims of the site visitor.", "additionalProperties", false,
                        "properties", Map.of("plan", Map.of("type", "string", "enum", List.of("free", "pro"), "description", "Plan")))))))
                .put(base + "/adaptive-schema").then().statusCode(200);
        as(reader).get(base + "/adaptive-schema/template-conditions").then().statusCode(200)
                .body("items.condition", equalTo(List.of("visitor.claims.unsigned.plan == \"free\"", "visitor.claims.unsigned.plan == \"pro\"")));

        String guides = as(admin).body(Map.of("title", "Guides")).post(base + "/sections").then().statusCode(201)
                .body("default", equalTo(true)).extract().path("id");
        String pro = as(admin).body(Map.of("title", "Pro features")).post(base + "/sections").then().statusCode(201).extract().path("id");
        as(admin).body(Map.of("condition", "visitor.claims.unsigned.plan == \"pro\"")).patch(base + "/sections/" + pro).then().statusCode(200);
        as(admin).body(Map.of("condition", "visitor.claims.unsigned.tier == \"gold\"")).patch(base + "/sections/" + pro).then().statusCode(400);
        String group = as(admin).body(Map.of("title", "Plans", "sections", List.of(pro))).post(base + "/section-groups")
                .then().statusCode(201).extract().path("id");
        as(admin).body(Map.of("position", Map.of("before", Map.of("type", "site-section", "id", guides))))
                .post(base + "/section-groups/" + group + "/move").then().statusCode(200);
        as(reader).get(base + "/structure").then().statusCode(200).body("structure.id", equalTo(List.of(group, guides)));

        as(visitor).get(base + "/published").then().statusCode(404);
        as(admin).post(base + "/publish").then().statusCode(200).body("published", equalTo(true));
        List<String> forPro = as(visitor).get(base + "/published?visitor.plan=pro").then().statusCode(200)
                .body("object", equalTo("published-content-site")).extract().path("structure.structure.id");
        assertEquals(List.of(group, guides), forPro);
        as(visitor).get(base + "/published?visitor.plan=free").then().statusCode(200)
                .body("structure.structure.id", equalTo(List.of(guides)));

        as(admin).body(Map.of("visibility", "share-link")).patch(base).then().statusCode(200);
        String published = as(admin).body(Map.of("name", "Partners")).post(base + "/share-links").then().statusCode(201)
                .extract().path("urls.published");
        String key = published.replaceAll(".*share=", "");
        as(visitor).get(base + "/published").then().statusCode(404);
        as(visitor).get(base + "/published?shareKey=" + key).then().statusCode(200).body("structure.structure", hasSize(1));
        as(admin).get(base + "/share-links").then().statusCode(200).body("count", equalTo(1));

        as(admin).delete(base).then().statusCode(204);
        as(admin).get(base).then().statusCode(404);
    }

    @Test
    void siteSpacesShowContentsSpacesAndFollowTheirLifecycle() {
        TestOrg org = E2EFixtures.newTestOrg();
        String admin = org.admin().token();
        String reader = E2EFixtures.join(org, "read").token();
        TestOrg other = E2EFixtures.newTestOrg();
        String stranger = other.admin().token();
        String guide = as(admin).body(Map.of("title", "User guide")).post(org.path() + "/spaces").then().statusCode(201).extract().path("id");
        String apiSpace = as(admin).body(Map.of("title", "API")).post(org.path() + "/spaces").then().statusCode(201).extract().path("id");
        String site = as(admin).body(Map.of("title", "Product docs", "spaces", List.of(guide))).post(org.path() + "/sites")
                .then().statusCode(201).body("siteSpaces", equalTo(1)).extract().path("id");
        String base = org.path() + "/sites/" + site;

        String apiSiteSpace = as(admin).body(Map.of("spaceId", apiSpace)).post(base + "/site-spaces").then().statusCode(201)
                .body("space.id", equalTo(apiSpace)).body("space.title", equalTo("API")).body("space.permissions.admin", equalTo(true))
                .body("default", equalTo(false)).body("path", equalTo("api")).extract().path("id");
        as(reader).get(base + "/site-spaces").then().statusCode(200).body("items.space.id", equalTo(List.of(guide, apiSpace)))
                .body("items[0].space.permissions.admin", equalTo(false));
        as(reader).body(Map.of("spaceId", apiSpace)).post(base + "/site-spaces").then().statusCode(403);
        // another organization's site cannot take this organization's space; its admin sees nothing of this site
        String theirs = as(stranger).body(Map.of("title", "Theirs")).post(other.path() + "/sites").then().statusCode(201).extract().path("id");
        as(stranger).body(Map.of("spaceId", guide)).post(other.path() + "/sites/" + theirs + "/site-spaces").then().statusCode(404);
        as(stranger).get(base + "/site-spaces").then().statusCode(404);

        as(admin).post(base + "/publish").then().statusCode(200);
        String address = as(admin).get(base + "/site-spaces?default=true").then().statusCode(200).extract().path("items[0].urls.published");
        // content shows where the space is published, from sites' site-space events
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(200)).until(() -> Objects.equals(address,
                as(admin).get("/v1/spaces/" + guide).then().statusCode(200).extract().path("urls.published")));
        as(stranger).get(base + "/published").then().statusCode(200).body("structure.type", equalTo("siteSpaces"))
                .body("structure.structure.space.id", equalTo(List.of(guide, apiSpace)))
                .body("structure.structure[0].space.permissions.edit", equalTo(false));

        // a deleted space leaves the site (content's event), and the site's count follows
        as(admin).delete("/v1/spaces/" + apiSpace).then().statusCode(204);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(200)).until(() -> as(admin)
                .get(base + "/site-spaces").then().statusCode(200).extract().<List<String>>path("items.id").size() == 1);
        as(admin).get(base).then().statusCode(200).body("siteSpaces", equalTo(1));
        as(admin).delete(base + "/site-spaces/" + apiSiteSpace).then().statusCode(204);
        // unpublished: the space is published nowhere any more
        as(admin).post(base + "/unpublish").then().statusCode(200);
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(200)).until(() ->
                as(admin).get("/v1/spaces/" + guide).then().statusCode(200).extract().path("urls.published") == null);
    }
}
