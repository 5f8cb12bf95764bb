package io.bindery.e2e;

import io.bindery.e2e.E2EFixtures.TestOrg;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.bindery.e2e.Stack.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Sites through the gateway, with members made by identity (the memberships sites-service reads come from identity's
 * events and read-through): a site's settings, share links, adaptive schema, sections and groups, and what a visitor
 * of another organization sees of the published site. Every response is checked against GitBook's OpenAPI documents
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
}
