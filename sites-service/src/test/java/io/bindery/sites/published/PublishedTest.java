package io.bindery.sites.published;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.sites.testing.SiteFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.bindery.sites.testing.SiteFixtures.as;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Who sees a published site and what: visibility, share keys, visitor tokens, conditions for two visitors. */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class PublishedTest {
    String org;
    String admin;
    String outsider;
    String site;
    String a;
    String b;
    String c;
    String group;

    String url(String rest) {
        return "/v1/orgs/" + org + "/sites/" + site + rest;
    }

    /** Sections: a (for all), b (plan pro), and c (beta) alone in a group. */
    @BeforeEach
    void site() {
        org = Ids.newId();
        admin = SiteFixtures.member(org, "admin");
        outsider = SiteFixtures.member(Ids.newId(), "admin");
        site = SiteFixtures.site(org, admin, "Published");
        as(admin).body("{\"jsonSchema\":" + SiteFixtures.SCHEMA + "}").put(url("/adaptive-schema")).then().statusCode(200);
        a = section("Everyone", null);
        b = section("Pro", "visitor.claims.unsigned.plan == \"pro\"");
        c = section("Beta", "visitor.claims.beta");
        group = as(admin).body("{\"title\":\"Previews\",\"sections\":[\"" + c + "\"]}").post(url("/section-groups"))
                .then().statusCode(201).extract().path("id");
    }

    String section(String title, String condition) {
        String id = as(admin).body("{\"title\":\"" + title + "\"}").post(url("/sections")).then().statusCode(201).extract().path("id");
        if (condition != null) {
            as(admin).body(Map.of("condition", condition)).patch(url("/sections/" + id)).then().statusCode(200);
        }
        return id;
    }

    List<String> visibleTo(String user, String query) {
        return as(user).get(url("/published" + query)).then().statusCode(200)
                .body("object", equalTo("published-content-site")).extract().path("structure.structure.id");
    }

    @Test
    void aPublicSiteShowsEachVisitorTheSectionsTheirClaimsAllow() {
        as(outsider).get(url("/published")).then().statusCode(404).body("error.code", equalTo(404));
        as(admin).get(url("/published")).then().statusCode(404);
        as(admin).post(url("/publish")).then().statusCode(200);

        assertEquals(List.of(a, b), visibleTo(outsider, "?visitor.plan=pro"));
        assertEquals(List.of(a), visibleTo(outsider, "?visitor.plan=free"));
        assertEquals(List.of(a), visibleTo(admin, ""));
        as(outsider).get(url("/published")).then().statusCode(200)
                .body("site.id", equalTo(site)).body("site.permissions.view", equalTo(false))
                .body("customizations.site.styling.theme", equalTo("clean"))
                .body("customizations.site.internationalization.locale", equalTo("en"))
                .body("scripts", hasSize(0));
        as(admin).get(url("/published")).then().statusCode(200).body("site.permissions.admin", equalTo(true));

        as(admin).body("{\"visibility\":\"unlisted\"}").patch("/v1/orgs/" + org + "/sites/" + site).then().statusCode(200);
        assertEquals(List.of(a, b), visibleTo(outsider, "?visitor.plan=pro"));
        // under another organization's path, the site does not exist
        as(outsider).get("/v1/orgs/" + Ids.newId() + "/sites/" + site + "/published").then().statusCode(404);
        as(admin).post(url("/unpublish")).then().statusCode(200);
        as(outsider).get(url("/published")).then().statusCode(404);
    }

    @Test
    void aShareLinkSiteNeedsTheKeyOfAnActiveLink() {
        as(admin).body("{\"visibility\":\"share-link\"}").patch("/v1/orgs/" + org + "/sites/" + site).then().statusCode(200);
        as(admin).post(url("/publish")).then().statusCode(200);
        var link = as(admin).body("{\"name\":\"Partners\"}").post(url("/share-links")).then().statusCode(201).extract();
        String key = ((String) link.path("urls.published")).replaceAll(".*share=", "");
        as(outsider).get(url("/published")).then().statusCode(404);
        as(outsider).get(url("/published?shareKey=wrong")).then().statusCode(404);
        as(outsider).get(url("/published?shareKey=" + link.path("id"))).then().statusCode(404);
        assertEquals(List.of(a), visibleTo(outsider, "?shareKey=" + key));
        as(admin).body("{\"active\":false}").patch(url("/share-links/" + link.path("id"))).then().statusCode(200);
        as(outsider).get(url("/published?shareKey=" + key)).then().statusCode(404);
    }

    @Test
    void aVisitorAuthSiteNeedsATokenOfTheSiteKey() throws Exception {
        as(admin).body("{\"visibility\":\"visitor-auth\"}").patch("/v1/orgs/" + org + "/sites/" + site).then().statusCode(200);
        as(admin).post(url("/publish")).then().statusCode(200);
        String reader = SiteFixtures.member(org, "read");
        as(reader).get(url("/publishing/auth")).then().statusCode(403);
        as(outsider).get(url("/publishing/auth")).then().statusCode(404);
        String key = as(admin).get(url("/publishing/auth")).then().statusCode(200).body("object", equalTo("publishing-auth"))
                .extract().path("privateKey");

        as(outsider).get(url("/published")).then().statusCode(404);
        as(outsider).get(url("/published?jwtToken=" + token("another-key-0123456789abcdef", 60, true))).then().statusCode(404);
        as(outsider).get(url("/published?jwtToken=" + token(key, -120, true))).then().statusCode(404);
        as(outsider).get(url("/published?jwtToken=not.a.token")).then().statusCode(404);
        // signed claims (beta) show the group with c; unsigned ones still come from the query
        assertEquals(List.of(a, group), visibleTo(outsider, "?jwtToken=" + token(key, 60, true)));
        assertEquals(List.of(a, b), visibleTo(outsider, "?visitor.plan=pro&jwtToken=" + token(key, 60, false)));
        as(outsider).get(url("/published?jwtToken=" + token(key, 60, true))).then().statusCode(200)
                .body("structure.structure[1].children[0].id", equalTo(c));

        String old = token(key, 60, true);
        String fresh = as(admin).post(url("/publishing/auth/regenerate")).then().statusCode(200).extract().path("privateKey");
        as(outsider).get(url("/published?jwtToken=" + old)).then().statusCode(404);
        assertEquals(List.of(a, group), visibleTo(outsider, "?jwtToken=" + token(fresh, 60, true)));
    }

    static String token(String key, int seconds, boolean beta) throws Exception {
        return SiteFixtures.visitorToken(key, seconds, beta);
    }
}
