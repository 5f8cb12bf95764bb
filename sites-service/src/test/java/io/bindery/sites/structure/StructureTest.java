package io.bindery.sites.structure;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.sites.testing.SiteFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static io.bindery.sites.testing.SiteFixtures.as;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Sections, groups and their order over HTTP against the real database: moves, nesting, limits, roles. */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class StructureTest {
    String org;
    String admin;
    String site;


    @BeforeEach
    void site() {
        org = Ids.newId();
        admin = Ids.newId();
        TestIdentity.addMembership(org, admin, "admin", null, Instant.now());
        site = as(admin).body("{\"title\":\"Structured\"}").post("/v1/orgs/" + org + "/sites").then().statusCode(201).extract().path("id");
    }

    String url(String rest) {
        return "/v1/orgs/" + org + "/sites/" + site + rest;
    }

    String section(String title) {
        return as(admin).body("{\"title\":\"" + title + "\",\"spaceId\":null}").post(url("/sections")).then().statusCode(201)
                .body("object", equalTo("site-section")).extract().path("id");
    }

    List<String> rootOrder() {
        return as(admin).get(url("/structure")).then().statusCode(200).body("type", equalTo("sections")).extract().path("structure.id");
    }

    void move(String kind, String id, String where, String type, String target, int status) {
        as(admin).body("{\"position\":{\"" + where + "\":{\"type\":\"" + type + "\",\"id\":\"" + target + "\"}}}")
                .post(url("/" + kind + "/" + id + "/move")).then().log().ifValidationFails().statusCode(status);
    }

    /** The site's defaultSiteSection makes a section the default and unsets the one that was; a group is no section. */
    @Test
    void theSitesDefaultSiteSectionMakesASectionTheDefault() {
        String a = section("Guides");
        String b = section("API reference");
        as(admin).body("{\"defaultSiteSection\":\"" + b + "\"}").patch(url("")).then().statusCode(200);
        as(admin).get(url("/sections")).then().statusCode(200).body("items.id", equalTo(List.of(a, b)))
                .body("items.default", equalTo(List.of(false, true)));
        String g = as(admin).body("{\"title\":\"Group\"}").post(url("/section-groups")).then().statusCode(201).extract().path("id");
        as(admin).body("{\"defaultSiteSection\":\"" + g + "\"}").patch(url("")).then().statusCode(400)
                .body("error.message", containsString("defaultSiteSection"));
        as(admin).get(url("/sections")).then().statusCode(200).body("items.default", equalTo(List.of(false, true)));
    }

    @Test
    void movesKeepAStableOrderAndRefuseInvalidPositions() {
        String a = section("Guides");
        String b = section("API reference");
        String c = section("Changelog");
        as(admin).get(url("/sections")).then().statusCode(200).body("count", equalTo(3))
                .body("items[0].default", equalTo(true)).body("items[1].default", equalTo(false))
                .body("items[0].path", equalTo("guides")).body("items[1].path", equalTo("api-reference"));
        assertEquals(List.of(a, b, c), rootOrder());
        move("sections", c, "before", "site-section", a, 200);
        assertEquals(List.of(c, a, b), rootOrder());
        move("sections", a, "after", "site-section", b, 200);
        assertEquals(List.of(c, b, a), rootOrder());

        move("sections", a, "before", "site-section", a, 400);
        move("sections", a, "before", "site-section", "unknown", 400);
        move("sections", a, "before", "site-space", b, 400);
        move("sections", "unknown", "before", "site-section", b, 404);
        as(admin).body("{\"position\":{\"before\":{\"type\":\"site-section\",\"id\":\"" + b + "\"},\"after\":{\"type\":\"site-section\",\"id\":\"" + c + "\"}}}")
                .post(url("/sections/" + a + "/move")).then().statusCode(400);
        // no position: to the end of its siblings (GitBook's body makes position optional)
        as(admin).body("{}").post(url("/sections/" + b + "/move")).then().statusCode(200);
        assertEquals(List.of(c, a, b), rootOrder());
        as(admin).body("{}").post(url("/sections/" + a + "/move")).then().statusCode(200);
        assertEquals(List.of(c, b, a), rootOrder());

        // a group takes b; a section outside the group cannot move next to one inside
        String g = as(admin).body("{\"title\":\"Reference\",\"sections\":[\"" + b + "\"]}").post(url("/section-groups"))
                .then().statusCode(201).body("object", equalTo("site-section-group")).body("sections.id", equalTo(List.of(b)))
                .body("children[0].id", equalTo(b)).extract().path("id");
        assertEquals(List.of(c, a, g), rootOrder());
        move("sections", a, "before", "site-section", b, 400);
        move("sections", a, "before", "site-section-group", g, 200);
        assertEquals(List.of(c, a, g), rootOrder());
        move("section-groups", g, "before", "site-section", c, 200);
        assertEquals(List.of(g, c, a), rootOrder());
        as(admin).get(url("/structure")).then().statusCode(200).body("structure[0].children[0].sectionGroup", equalTo(g));

        // out of the group: right after it; into it again; deleting the group hands its children to its parent
        as(admin).delete(url("/section-groups/" + g + "/sections/" + b)).then().statusCode(204);
        assertEquals(List.of(g, b, c, a), rootOrder());
        as(admin).body("{\"sectionId\":\"" + a + "\"}").post(url("/section-groups/" + g + "/sections")).then().statusCode(201)
                .body("children.id", equalTo(List.of(a)));
        as(admin).body("{\"sectionId\":\"" + c + "\"}").post(url("/section-groups/" + g + "/sections")).then().statusCode(201)
                .body("children.id", equalTo(List.of(a, c)));
        assertEquals(List.of(g, b), rootOrder());
        as(admin).delete(url("/section-groups/" + g)).then().statusCode(204);
        assertEquals(List.of(a, c, b), rootOrder());
        as(admin).delete(url("/section-groups/" + g)).then().statusCode(204);
        as(admin).get(url("/section-groups")).then().statusCode(200).body("count", equalTo(0));

        // nested groups
        String outer = as(admin).body("{\"title\":\"Outer\"}").post(url("/section-groups")).then().statusCode(201).extract().path("id");
        String inner = as(admin).body("{\"title\":\"Inner\",\"parent\":\"" + outer + "\",\"sections\":[\"" + c + "\"]}")
                .post(url("/section-groups")).then().statusCode(201).body("sectionGroup", equalTo(outer)).extract().path("id");
        as(admin).get(url("/structure")).then().statusCode(200)
                .body("structure.find { it.id == '" + outer + "' }.children[0].children[0].id", equalTo(c));
        as(admin).body("{\"title\":\"Nowhere\",\"parent\":\"unknown\"}").post(url("/section-groups")).then().statusCode(404);
        as(admin).body("{\"title\":\"Bad\",\"sections\":[\"unknown\"]}").post(url("/section-groups")).then().statusCode(400);
        assertEquals(3, (int) as(admin).get(url("/sections")).then().extract().path("count"));
        as(admin).delete(url("/section-groups/" + inner)).then().statusCode(204);
    }

    @Test
    void sectionLimitsConditionsAndTheDefault() {
        String a = section("First");
        String b = section("Second");
        as(admin).body("{\"jsonSchema\":" + SiteFixtures.SCHEMA + "}").put(url("/adaptive-schema")).then().statusCode(200);
        String[][] bad = {
                {"{\"title\":\"x\"}", "title"},
                {"{\"title\":\"" + "t".repeat(129) + "\"}", "title"},
                {"{\"path\":\"\"}", "path"},
                {"{\"path\":\"" + "p".repeat(101) + "\"}", "path"},
                {"{\"path\":\"a/b\"}", "path"},
                {"{\"path\":\"second\"}", "path"},
                {"{\"icon\":\"" + "i".repeat(51) + "\"}", "icon"},
                {"{\"description\":\"" + "d".repeat(257) + "\"}", "description"},
                {"{\"condition\":\"visitor.claims.unsigned.tier == 'gold'\"}", "column"},
                {"{\"condition\":\"visitor.claims.beta &&\"}", "column"},
                {"{\"condition\":\"" + "x".repeat(1025) + "\"}", "condition"},
                {"{\"defaultSiteSpace\":\"nope\"}", "defaultSiteSpace"},
        };
        for (String[] x : bad) {
            as(admin).body(x[0]).patch(url("/sections/" + a)).then().log().ifValidationFails().statusCode(400)
                    .body("error.message", containsString(x[1]));
        }
        as(admin).body("{\"title\":\"Pro docs\",\"path\":\"pro\",\"condition\":\"visitor.claims.unsigned.plan == 'pro'\",\"icon\":\"star\",\"description\":\"For pro\"}")
                .patch(url("/sections/" + a)).then().statusCode(200).body("title", equalTo("Pro docs")).body("path", equalTo("pro"))
                .body("condition", equalTo("visitor.claims.unsigned.plan == 'pro'")).body("icon", equalTo("star"));
        as(admin).body("{\"condition\":null,\"icon\":null}").patch(url("/sections/" + a)).then().statusCode(200)
                .body("condition", nullValue()).body("icon", nullValue()).body("path", equalTo("pro"));
        as(admin).body("{\"template\":{\"id\":\"t1\"}}").post(url("/sections")).then().statusCode(501);
        // GitBook's template is an object ({id, params}): another type is refused, naming it
        as(admin).body("{\"template\":\"t1\"}").post(url("/sections")).then().statusCode(400)
                .body("error.message", containsString("template"));

        as(admin).delete(url("/sections/" + a)).then().statusCode(204);
        as(admin).delete(url("/sections/" + a)).then().statusCode(204);
        as(admin).patch(url("/sections/" + a)).then().statusCode(404);
        as(admin).get(url("/sections")).then().statusCode(200).body("count", equalTo(1)).body("items[0].id", equalTo(b))
                .body("items[0].default", equalTo(true));
    }

    @Test
    void readersReadTheStructureAndStrangersSeeNothing() {
        String a = section("Only");
        String reader = Ids.newId();
        TestIdentity.addMembership(org, reader, "read", null, Instant.now());
        as(reader).get(url("/structure")).then().statusCode(200).body("structure[0].id", equalTo(a));
        as(reader).get(url("/sections")).then().statusCode(200);
        as(reader).get(url("/section-groups")).then().statusCode(200);
        as(reader).body("{\"title\":\"Mine\"}").post(url("/sections")).then().statusCode(403);
        as(reader).body("{\"title\":\"Mine\"}").patch(url("/sections/" + a)).then().statusCode(403);
        as(reader).delete(url("/sections/" + a)).then().statusCode(403);
        as(reader).body("{\"title\":\"Mine\"}").post(url("/section-groups")).then().statusCode(403);
        String stranger = Ids.newId();
        TestIdentity.addMembership(Ids.newId(), stranger, "admin", null, Instant.now());
        for (String path : List.of("/structure", "/sections", "/section-groups")) {
            as(stranger).get(url(path)).then().statusCode(404);
        }
        as(stranger).delete(url("/sections/" + a)).then().statusCode(404);
        as(admin).get(url("/structure")).then().statusCode(200).body("structure[0].id", equalTo(a));
    }
}
