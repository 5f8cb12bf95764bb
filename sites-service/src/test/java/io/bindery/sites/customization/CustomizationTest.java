package io.bindery.sites.customization;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.sites.testing.SiteFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.bindery.sites.testing.SiteFixtures.as;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/** A site's customization over HTTP: defaults, a partial PUT merged over them, each rule a 400, roles. */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class CustomizationTest {

    @Test
    void replaceReadAndPublish() {
        String org = Ids.newId();
        String admin = SiteFixtures.member(org, "admin");
        String reader = SiteFixtures.member(org, "read");
        String site = SiteFixtures.site(org, admin, "Styled");
        String url = "/v1/orgs/" + org + "/sites/" + site + "/customization";
        as(reader).get(url).then().statusCode(200).body("styling.theme", equalTo("clean"))
                .body("styling.corners", equalTo("rounded")).body("themes.toggeable", equalTo(true));

        String body = "{\"styling\":{\"theme\":\"bold\",\"primaryColor\":{\"light\":\"#ff0000\",\"dark\":\"#00f\"}},"
                + "\"header\":{\"preset\":\"contrast\",\"links\":[{\"title\":\"Blog\",\"to\":{\"kind\":\"url\",\"url\":\"https://example.com\"}}]}}";
        as(reader).body(body).put(url).then().statusCode(403);
        as(admin).body(body).put(url).then().statusCode(200).body("styling.theme", equalTo("bold"))
                .body("styling.corners", equalTo("rounded")).body("styling.primaryColor.dark", equalTo("#00f"))
                .body("header.links[0].title", equalTo("Blog"));
        as(reader).get(url).then().statusCode(200).body("header.preset", equalTo("contrast"));

        String[][] bad = {
                {"[]", "customization"},
                {"{\"styling\":\"bold\"}", "styling"},
                {"{\"styling\":{\"theme\":\"neon\"}}", "styling.theme"},
                {"{\"styling\":{\"primaryColor\":{\"light\":\"red\"}}}", "styling.primaryColor.light"},
                {"{\"themes\":{\"toggeable\":\"yes\"}}", "themes.toggeable"},
                {"{\"internationalization\":{\"locale\":\"xx\"}}", "internationalization.locale"},
                {"{\"footer\":{\"groups\":{}}}", "footer.groups"},
        };
        for (String[] b : bad) {
            as(admin).body(b[0]).put(url).then().log().ifValidationFails().statusCode(400).body("error.message", containsString(b[1]));
        }
        as(reader).get(url).then().statusCode(200).body("styling.theme", equalTo("bold"));

        as(admin).post("/v1/orgs/" + org + "/sites/" + site + "/publish").then().statusCode(200);
        as(SiteFixtures.member(Ids.newId(), "admin")).get("/v1/orgs/" + org + "/sites/" + site + "/published").then().statusCode(200)
                .body("customizations.site.styling.theme", equalTo("bold"))
                .body("customizations.site.pagination.enabled", equalTo(true));
        String stranger = SiteFixtures.member(Ids.newId(), "admin");
        as(stranger).get(url).then().statusCode(404);
        as(stranger).body(body).put(url).then().statusCode(404);
    }
}
