package io.bindery.e2e;

import io.bindery.e2e.E2EFixtures.TestOrg;
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

    @Test
    void aSiteFromCreationToItsPublishedStructure() {
        TestOrg org = E2EFixtures.newTestOrg();
        String admin = org.admin().token();
        String reader = E2EFixtures.join(org, "read").token();
        String visitor = E2EFixtures.newTestOrg().admin().token();
        String sites = org.path() + "/sites";

        String site = api(admin).body(Map.of("title", "Developer docs")).post(sites).then().statusCode(201)
                .body("object", equalTo("site")).body("published", equalTo(false)).extract().path("id");
        String base = sites + "/" + site;
        api(admin).body(Map.of("basename", "dev", "adaptiveContent", Map.of("enabled", true))).patch(base).then().statusCode(200)
                .body("basename", equalTo("dev"));
        api(reader).get(sites).then().statusCode(200).body("items.id", equalTo(List.of(site)));
        api(reader).body(Map.of("title", "Mine")).patch(base).then().statusCode(403);
        api(visitor).get(base).then().statusCode(404);

        api(admin).body(Map.of("jsonSchema", Map.of("type", "object", "additionalProperties", false, "properties", Map.of(
                "unsigned", Map.of("type", "object", "description", "Unsigned claims of the site visitor.", "additionalProperties", false,
                        "properties", Map.of("plan", Map.of("type", "string", "enum", List.of("free", "pro"), "description", "Plan")))))))
                .put(base + "/adaptive-schema").then().statusCode(200);
        api(reader).get(base + "/adaptive-schema/template-conditions").then().statusCode(200)
                .body("items.condition", equalTo(List.of("visitor.claims.unsigned.plan == \"free\"", "visitor.claims.unsigned.plan == \"pro\"")));

        String guides = api(admin).body(Map.of("title", "Guides")).post(base + "/sections").then().statusCode(201)
                .body("default", equalTo(true)).extract().path("id");
        String pro = api(admin).body(Map.of("title", "Pro features")).post(base + "/sections").then().statusCode(201).extract().path("id");
        api(admin).body(Map.of("condition", "visitor.claims.unsigned.plan == \"pro\"")).patch(base + "/sections/" + pro).then().statusCode(200);
        api(admin).body(Map.of("condition", "visitor.claims.unsigned.tier == \"gold\"")).patch(base + "/sections/" + pro).then().statusCode(400);
        String group = api(admin).body(Map.of("title", "Plans", "sections", List.of(pro))).post(base + "/section-groups")
                .then().statusCode(201).extract().path("id");
        api(admin).body(Map.of("position", Map.of("before", Map.of("type", "site-section", "id", guides))))
                .post(base + "/section-groups/" + group + "/move").then().statusCode(200);
        api(reader).get(base + "/structure").then().statusCode(200).body("structure.id", equalTo(List.of(group, guides)));

        api(visitor).get(base + "/published").then().statusCode(404);
        api(admin).post(base + "/publish").then().statusCode(200).body("published", equalTo(true));
        List<String> forPro = api(visitor).get(base + "/published?visitor.plan=pro").then().statusCode(200)
                .body("object", equalTo("published-content-site")).extract().path("structure.structure.id");
        assertEquals(List.of(group, guides), forPro);
        api(visitor).get(base + "/published?visitor.plan=free").then().statusCode(200)
                .body("structure.structure.id", equalTo(List.of(guides)));

        api(admin).body(Map.of("visibility", "share-link")).patch(base).then().statusCode(200);
        String published = api(admin).body(Map.of("name", "Partners")).post(base + "/share-links").then().statusCode(201)
                .extract().path("urls.published");
        String key = published.replaceAll(".*share=", "");
        api(visitor).get(base + "/published").then().statusCode(404);
        api(visitor).get(base + "/published?shareKey=" + key).then().statusCode(200).body("structure.structure", hasSize(1));
        api(admin).get(base + "/share-links").then().statusCode(200).body("count", equalTo(1));

        api(admin).delete(base).then().statusCode(204);
        api(admin).get(base).then().statusCode(404);
    }
}
