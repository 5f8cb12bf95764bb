package io.bindery.sites.adaptive;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.sites.testing.SiteFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static io.bindery.sites.testing.SiteFixtures.as;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;

/** GET/PUT of a site's adaptive schema and its template conditions, over HTTP against the real database. */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class AdaptiveSchemaTest {

    @Test
    void replaceReadAndSuggest() {
        String org = Ids.newId();
        String admin = Ids.newId();
        String reader = Ids.newId();
        TestIdentity.addMembership(org, admin, "admin", null, Instant.now());
        TestIdentity.addMembership(org, reader, "read", null, Instant.now());
        String site = as(admin).body("{\"title\":\"Adaptive\"}").post("/v1/orgs/" + org + "/sites").then().statusCode(201)
                .extract().path("id");
        String url = "/v1/orgs/" + org + "/sites/" + site + "/adaptive-schema";
        as(reader).get(url).then().statusCode(200).body("object", equalTo("site-adaptive-schema"))
                .body("jsonSchema.properties.unsigned.type", equalTo("object"));
        as(reader).get(url + "/template-conditions").then().statusCode(200).body("items", hasSize(0));

        String body = "{\"jsonSchema\":" + SiteFixtures.SCHEMA + "}";
        as(reader).body(body).put(url).then().statusCode(403);
        as(admin).body(body).put(url).then().statusCode(200).body("jsonSchema.properties.beta.type", equalTo("boolean"));
        as(reader).get(url).then().statusCode(200).body("jsonSchema.properties.unsigned.properties.plan.enum", hasItem("pro"));
        as(reader).get(url + "/template-conditions").then().statusCode(200)
                .body("items.condition", hasItem("visitor.claims.unsigned.plan == \"pro\""))
                .body("items[0].description", equalTo("In the beta programme is true"));

        // not a JSON Schema, or not of the documented shape: 400, and the stored schema stays
        String[] bad = {
                "{}",
                "{\"jsonSchema\":\"text\"}",
                "{\"jsonSchema\":{\"type\":5}}",
                "{\"jsonSchema\":{\"type\":\"object\",\"properties\":{\"beta\":true},\"additionalProperties\":false}}",
                "{\"jsonSchema\":{\"type\":\"object\",\"properties\":{\"beta\":{\"type\":\"boolean\",\"description\":\"b\"}}}}",
                "{\"jsonSchema\":{\"type\":\"object\",\"properties\":{\"unsigned\":{\"type\":\"string\",\"description\":\"u\"}},\"additionalProperties\":false}}",
                "{\"jsonSchema\":{\"type\":\"object\",\"properties\":{},\"additionalProperties\":true}}",
        };
        for (String b : bad) {
            as(admin).body(b).put(url).then().log().ifValidationFails().statusCode(400).body("error.code", equalTo(400))
                    .body("error.message", containsString("jsonSchema"));
        }
        as(reader).get(url).then().statusCode(200).body("jsonSchema.properties.beta.type", equalTo("boolean"));

        String stranger = Ids.newId();
        TestIdentity.addMembership(Ids.newId(), stranger, "admin", null, Instant.now());
        as(stranger).get(url).then().statusCode(404);
        as(stranger).body(body).put(url).then().statusCode(404);
        as(stranger).get(url + "/template-conditions").then().statusCode(404);
        as(admin).get("/v1/orgs/" + org + "/sites/unknown/adaptive-schema").then().statusCode(404);
    }
}
