package io.bindery.sites.sharelinks;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static io.bindery.sites.testing.SiteFixtures.as;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Share links over HTTP: keys of 128 random bits only in urls.published, limits, roles, other organizations. */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class ShareLinksTest {

    @Test
    void createListRenameDeactivateDelete() {
        String org = Ids.newId();
        String admin = Ids.newId();
        String reader = Ids.newId();
        TestIdentity.addMembership(org, admin, "admin", null, Instant.now());
        TestIdentity.addMembership(org, reader, "read", null, Instant.now());
        String site = as(admin).body("{\"title\":\"Shared\",\"visibility\":\"share-link\"}").post("/v1/orgs/" + org + "/sites")
                .then().statusCode(201).extract().path("id");
        String links = "/v1/orgs/" + org + "/sites/" + site + "/share-links";

        Set<String> keys = new HashSet<>();
        String first = null;
        for (String name : List.of("Partners", "Press")) {
            var r = as(admin).body("{\"name\":\"" + name + "\"}").post(links).then().statusCode(201)
                    .body("object", equalTo("share-link")).body("name", equalTo(name)).body("active", equalTo(true))
                    .body("urls.published", containsString("?share=")).extract();
            String id = r.path("id");
            String key = ((String) r.path("urls.published")).replaceAll(".*[?&]share=", "");
            assertEquals(22, key.length(), key); // 16 random bytes, base64url
            assertNotEquals(id, key);
            keys.add(key);
            first = first == null ? id : first;
        }
        assertEquals(2, keys.size());
        as(admin).get(links).then().statusCode(200).body("count", equalTo(2)).body("items[0].id", equalTo(first));
        as(admin).get(links + "?search=pre").then().statusCode(200).body("count", equalTo(1)).body("items[0].name", equalTo("Press"));
        as(admin).get(links + "?limit=1").then().statusCode(200).body("items.size()", equalTo(1)).body("next.page", notNullValue());

        as(admin).body("{\"active\":false,\"name\":\"Old partners\"}").patch(links + "/" + first).then().statusCode(200)
                .body("active", equalTo(false)).body("name", equalTo("Old partners"));
        // limits: name at most 50, required on create; PATCH needs a field
        as(admin).body("{\"name\":\"" + "n".repeat(51) + "\"}").post(links).then().statusCode(400).body("error.message", containsString("name"));
        as(admin).body("{}").post(links).then().statusCode(400).body("error.message", containsString("name"));
        as(admin).body("{}").patch(links + "/" + first).then().statusCode(400);
        as(admin).body("{\"active\":\"no\"}").patch(links + "/" + first).then().statusCode(400).body("error.message", containsString("active"));
        as(admin).body("{\"active\":true}").patch(links + "/unknown").then().statusCode(404);

        // readers may not see the keys; strangers see nothing
        as(reader).get(links).then().statusCode(403);
        as(reader).body("{\"name\":\"Mine\"}").post(links).then().statusCode(403);
        String stranger = Ids.newId();
        TestIdentity.addMembership(Ids.newId(), stranger, "admin", null, Instant.now());
        as(stranger).get(links).then().statusCode(404);
        as(stranger).delete(links + "/" + first).then().statusCode(404);

        as(admin).delete(links + "/" + first).then().statusCode(204);
        as(admin).delete(links + "/" + first).then().statusCode(204);
        as(admin).get(links).then().statusCode(200).body("count", equalTo(1));
        assertTrue(keys.stream().allMatch(k -> k.matches("[A-Za-z0-9_-]{22}")));
    }
}
