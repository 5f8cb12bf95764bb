package io.bindery.sites.reader;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.sites.testing.ContentStandIn;
import io.bindery.sites.testing.ContentStandIn.StandInPage;
import io.bindery.sites.testing.InsightsStandIn;
import io.bindery.sites.testing.SiteFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static io.bindery.sites.testing.SiteFixtures.as;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reader's {@code <page>.md?ask=question}: markdown with the best passages of the site spaces the visitor sees
 * (content's stand-in over real HTTP answers them), each linked to its page's markdown; the same visibility as the
 * page's {@code .md} (unpublished, another page, a condition that does not hold: 404 or nothing from what is hidden).
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
@WithTestResource(InsightsStandIn.class)
class AgentDocsAskTest {
    String org;
    String admin;
    String space;
    String site;

    @BeforeEach
    void site() {
        org = Ids.newId();
        admin = SiteFixtures.member(org, "admin");
        space = ContentStandIn.space(org, "Handbook", Set.of(), Set.of(admin));
        ContentStandIn.revision(space, ContentStandIn.data(space).revision(), List.of(
                StandInPage.document("Guide", "guide", 0, "# Guide\n\nExport a PDF from the menu of any page.\n"),
                StandInPage.document("Billing", "billing", 0, "Invoices are sent monthly.")));
        site = as(admin).body("{\"title\":\"Handbook site\",\"spaces\":[\"" + space + "\"]}").post("/v1/orgs/" + org + "/sites")
                .then().statusCode(201).extract().path("id");
        ContentStandIn.ASKED.clear();
    }

    @AfterEach
    void noWriter() {
        ContentStandIn.written = null;
    }

    String url(String rest) {
        return "/s/" + site + rest;
    }

    @Test
    void anAnswerQuotesThePassagesWithLinksToTheirPages() {
        given().get(url("/billing.md?ask=export a pdf")).then().statusCode(404); // not published
        as(admin).post("/v1/orgs/" + org + "/sites/" + site + "/publish").then().statusCode(200);
        String md = given().get(url("/billing.md?ask=export a pdf")).then().statusCode(200)
                .contentType(equalTo("text/markdown; charset=utf-8")).header("Cache-Control", "private, no-store")
                .header("X-Robots-Tag", "noindex").extract().asString();
        assertTrue(md.startsWith("# export a pdf\n\n**Guide** ([source](http://"), md);
        assertTrue(md.contains("/s/" + site + "/guide.md))\n\n> "), "linked to the page's markdown: " + md);
        assertTrue(md.contains("Export a PDF from the menu"), md);
        assertFalse(md.contains("Invoices"), md);
        assertEquals(List.of(List.of(space)), ContentStandIn.ASKED);
        // nothing found: said, with the list of pages
        given().get(url("/guide.md?ask=zyzzyva")).then().statusCode(200)
                .body(containsString("No page of this site answers this question")).body(containsString("sitemap.md)"));
        // the page asked from must be one the visitor may read; the question must be one
        given().get(url("/no-such-page.md?ask=export a pdf")).then().statusCode(404).body(containsString("# Page not found"));
        given().get(url("/guide.md?ask=")).then().statusCode(400).contentType(startsWith("text/markdown"));
        given().get(url("/guide.md?ask=" + "a".repeat(513))).then().statusCode(400);
        // the page itself is unchanged without ask
        given().get(url("/guide.md")).then().statusCode(200).body(startsWith("# Guide\n\nExport a PDF"));
        // a written answer, its sources numbered as it cites them
        ContentStandIn.written = "Use the page menu [1].";
        given().get(url("/guide.md?ask=export a pdf")).then().statusCode(200)
                .body(startsWith("# export a pdf\n\nUse the page menu [1].\n\n**Sources**\n\n1. [Guide](http://"));
    }

    @Test
    void aVisitorIsAnsweredFromWhatTheySeeOnly() {
        as(admin).body("{\"jsonSchema\":" + SiteFixtures.SCHEMA + "}").put("/v1/orgs/" + org + "/sites/" + site + "/adaptive-schema")
                .then().statusCode(200);
        as(admin).body("{\"title\":\"Guides\"}").post("/v1/orgs/" + org + "/sites/" + site + "/sections").then().statusCode(201);
        String proSpace = ContentStandIn.space(org, "Pro handbook", Set.of(), Set.of(admin));
        ContentStandIn.revision(proSpace, ContentStandIn.data(proSpace).revision(),
                List.of(StandInPage.document("Pro start", "start", 0, "Pro plans export a PDF in colour.")));
        String pro = as(admin).body("{\"title\":\"Pro\",\"spaceId\":\"" + proSpace + "\"}").post("/v1/orgs/" + org + "/sites/" + site + "/sections")
                .then().statusCode(201).extract().path("id");
        as(admin).body("{\"condition\":\"visitor.claims.unsigned.plan == 'pro'\"}").patch("/v1/orgs/" + org + "/sites/" + site + "/sections/" + pro)
                .then().statusCode(200);
        as(admin).post("/v1/orgs/" + org + "/sites/" + site + "/publish").then().statusCode(200);
        ContentStandIn.ASKED.clear();
        String free = given().get(url("/guide.md?ask=export a pdf&visitor.plan=free")).then().statusCode(200).extract().asString();
        assertFalse(free.contains("colour"), free);
        assertEquals(List.of(List.of(space)), ContentStandIn.ASKED, "the hidden section's space is never asked");
        String paid = given().get(url("/guide.md?ask=export a pdf&visitor.plan=pro")).then().statusCode(200).extract().asString();
        assertTrue(paid.contains("/s/" + site + "/pro/start.md?visitor.plan=pro)"), "the claims carried on: " + paid);
        // the page asked from follows the page's rule
        given().get(url("/pro/start.md?ask=export a pdf&visitor.plan=free")).then().statusCode(404);
    }
}
