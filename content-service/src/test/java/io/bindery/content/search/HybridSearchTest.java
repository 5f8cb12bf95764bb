package io.bindery.content.search;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.content.testing.InsightsStandIn;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import java.util.List;
import java.util.Set;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.internal;
import static io.bindery.content.TestApi.member;
import static io.bindery.content.testing.InsightsStandIn.hit;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hybrid search: full-text results fused with insights' vector results (its stand-in over real HTTP). A query in
 * other words than the page's finds it through vectors; a query that names a page's words keeps that page on top;
 * a vector hit in a space the caller cannot read (or of another organization, or of a page that is not live) is
 * never shown; insights down or slow leaves search lexical, answered with 200 and nothing in the body saying so.
 * The failing stand-in comes last (its failures feed the circuit breaker).
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(InsightsStandIn.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HybridSearchTest {
    /** No word in common with the password page (nor any other). */
    static final String PARAPHRASE = "i am locked out and cannot sign in anymore";

    String org;
    String admin;
    String space;
    List<String> pages;

    @BeforeEach
    void handbook() {
        org = Ids.newId();
        admin = member(org, "admin");
        space = as(admin).body("{\"title\":\"Handbook\"}").post("/v1/orgs/" + org + "/spaces")
                .then().statusCode(201).extract().path("id");
        pages = SearchTest.merged(admin, space, List.of(
                new SearchTest.Page("Resetting a password", "# Resetting a password\n\nPasswords expire yearly.\n\n"
                        + "## Forgotten credentials\n\nRequest a reset link; it reaches your email within minutes.\n"),
                new SearchTest.Page("Billing", "# Billing\n\nInvoices are issued monthly by the billing team.\n"),
                new SearchTest.Page("Exporting", "# Exporting\n\nDownload a PDF of the whole handbook.\n"),
                new SearchTest.Page("Team roles", "# Team roles\n\nAdministrators manage members.\n")));
    }

    @Test
    @Order(1)
    void aParaphraseFindsThePageThroughVectors() {
        String password = pages.get(0);
        // full text alone finds nothing: no word of the query is on any page
        as(admin).queryParam("query", "locked sign anymore").get("/v1/spaces/" + space + "/search").then()
                .statusCode(200).body("count", equalTo(0));
        InsightsStandIn.answer(PARAPHRASE, hit(space, password, "forgotten-credentials", 0.62),
                hit(space, pages.get(3), "", 0.31), hit(space, pages.get(2), "", 0.12));
        as(admin).queryParam("query", PARAPHRASE).get("/v1/spaces/" + space + "/search").then().statusCode(200)
                // the page below the minimum similarity is left out
                .body("count", equalTo(2)).body("items.id", contains(password, pages.get(3)))
                .body("items[0].title", equalTo("Resetting a password"))
                .body("items[0].sections.id", contains("forgotten-credentials"))
                .body("items[0].sections[0].title", equalTo("Forgotten credentials"))
                .body("items[0].sections[0].body", containsString("reset link"))
                .body("items[0].rank", equalTo(1))
                .body("items[1].sections", hasSize(1));
        // content asked for the one space searched
        JsonPath asked = new JsonPath(InsightsStandIn.REQUESTS.get(InsightsStandIn.REQUESTS.size() - 1).toString());
        assertEquals(List.of(space), asked.getList("spaces"));
        assertEquals(org, asked.getString("organization"));
        as(admin).queryParam("query", PARAPHRASE).get("/v1/orgs/" + org + "/search").then().statusCode(200)
                .body("count", equalTo(1)).body("items.id", contains(space))
                .body("items[0].pages.id", contains(password, pages.get(3)));
    }

    /**
     * insights' answer is kept a few seconds: the same words in the same spaces do not ask it again (the API's
     * search, space or organization, the reader's), other words do, and no answer (insights down) is not kept.
     */
    @Test
    @Order(5)
    void aRepeatedSearchReusesInsightsAnswer() {
        String password = pages.get(0);
        InsightsStandIn.answer(PARAPHRASE, hit(space, password, "forgotten-credentials", 0.62));
        int before = InsightsStandIn.REQUESTS.size();
        for (int i = 0; i < 3; i++) {
            as(admin).queryParam("query", PARAPHRASE).get("/v1/spaces/" + space + "/search").then().statusCode(200)
                    .body("items.id", contains(password));
        }
        // the organization's one space: the same question to insights
        as(admin).queryParam("query", PARAPHRASE).get("/v1/orgs/" + org + "/search").then().statusCode(200)
                .body("items[0].pages.id", contains(password));
        internal().body(java.util.Map.of("spaces", List.of(space), "query", PARAPHRASE, "pagesPerSpace", 5))
                .post("/internal/search").then().statusCode(200).body("spaces[0].pages.id", contains(password));
        assertEquals(before + 1, InsightsStandIn.REQUESTS.size());
        as(admin).queryParam("query", "invoices").get("/v1/spaces/" + space + "/search").then().statusCode(200);
        assertEquals(before + 2, InsightsStandIn.REQUESTS.size());

        String other = "where do my monthly payments go";
        InsightsStandIn.answer(other, hit(space, pages.get(1), "", 0.7));
        InsightsStandIn.down();
        try {
            as(admin).queryParam("query", other).get("/v1/spaces/" + space + "/search").then().statusCode(200)
                    .body("count", equalTo(0));
        } finally {
            InsightsStandIn.up();
        }
        as(admin).queryParam("query", other).get("/v1/spaces/" + space + "/search").then().statusCode(200)
                .body("items.id", contains(pages.get(1)));
    }

    /** The reader's search box and its MCP search tool ask content's internal search: fused the same way. */
    @Test
    @Order(4)
    void theReadersSearchIsHybridToo() {
        String password = pages.get(0);
        InsightsStandIn.answer(PARAPHRASE, hit(space, password, "forgotten-credentials", 0.62),
                hit(space, pages.get(2), "", 0.12));
        internal().body(java.util.Map.of("spaces", List.of(space), "query", PARAPHRASE, "pagesPerSpace", 5))
                .post("/internal/search").then().statusCode(200)
                .body("spaces", hasSize(1)).body("spaces[0].id", equalTo(space))
                // below the minimum similarity: left out
                .body("spaces[0].pages.id", contains(password))
                .body("spaces[0].pages[0].anchor", equalTo("forgotten-credentials"))
                .body("spaces[0].pages[0].body", containsString("reset link"));
        // words still win their own page
        InsightsStandIn.answer("invoices", hit(space, pages.get(2), "", 0.5));
        internal().body(java.util.Map.of("spaces", List.of(space), "query", "invoices", "pagesPerSpace", 5))
                .post("/internal/search").then().statusCode(200)
                .body("spaces[0].pages.id", contains(pages.get(1), pages.get(2)))
                .body("spaces[0].pages[0].body", containsString("<mark>Invoices</mark>"));
    }

    @Test
    @Order(2)
    void aKeywordQueryKeepsItsLexicalTopHit() {
        String billing = pages.get(1);
        // vectors prefer another page, yet the page with the words stays first (and the other is added after it)
        InsightsStandIn.answer("invoices", hit(space, pages.get(2), "", 0.5), hit(space, billing, "", 0.45));
        as(admin).queryParam("query", "invoices").get("/v1/spaces/" + space + "/search").then().statusCode(200)
                .body("count", equalTo(2)).body("items.id", contains(billing, pages.get(2)))
                .body("items[0].sections[0].body", containsString("<mark>Invoices</mark>"));
        // vectors' best is not among the full-text pages at all: a tie of ranks, which the words win
        InsightsStandIn.answer("billing", hit(space, pages.get(3), "", 0.55));
        as(admin).queryParam("query", "billing").get("/v1/spaces/" + space + "/search").then().statusCode(200)
                .body("items.id", contains(billing, pages.get(3)));
        as(admin).queryParam("query", "billing").get("/v1/orgs/" + org + "/search").then().statusCode(200)
                .body("items[0].pages.id", contains(billing, pages.get(3)));
        // one word needs a closer section than several do (its vector is a guess from sub-word pieces)
        InsightsStandIn.answer("monthly", hit(space, pages.get(2), "", 0.3));
        InsightsStandIn.answer("monthly invoices", hit(space, pages.get(2), "", 0.3));
        as(admin).queryParam("query", "monthly").get("/v1/spaces/" + space + "/search").then().statusCode(200)
                .body("count", equalTo(1)).body("items.id", contains(billing));
        as(admin).queryParam("query", "monthly invoices").get("/v1/spaces/" + space + "/search").then().statusCode(200)
                .body("count", equalTo(2)).body("items.id", contains(billing, pages.get(2)));
    }

    @Test
    @Order(3)
    void aVectorHitTheCallerMayNotReadIsDropped() {
        // a guest who may read the handbook only; the salaries space is the organization's but not theirs
        String guest = member(org, null);
        as(admin).body("{\"role\":\"read\"}").patch("/v1/spaces/" + space + "/permissions/users/" + guest)
                .then().statusCode(204);
        String salaries = as(admin).body("{\"title\":\"Salaries\"}").post("/v1/orgs/" + org + "/spaces")
                .then().statusCode(201).extract().path("id");
        String secret = SearchTest.merged(admin, salaries, List.of(new SearchTest.Page("Salary bands",
                "# Salary bands\n\nEngineers earn between two figures.\n"))).get(0);
        // another organization's page, and a page id the handbook does not hold (deleted since it was embedded)
        String otherOrg = Ids.newId();
        String otherAdmin = member(otherOrg, "admin");
        String foreign = as(otherAdmin).body("{\"title\":\"Elsewhere\"}").post("/v1/orgs/" + otherOrg + "/spaces")
                .then().statusCode(201).extract().path("id");
        String foreignPage = SearchTest.merged(otherAdmin, foreign, List.of(new SearchTest.Page("Pay",
                "# Pay\n\nWages.\n"))).get(0);
        String query = "how much do people make";
        InsightsStandIn.answer(query, hit(salaries, secret, "", 0.9), hit(foreign, foreignPage, "", 0.85),
                hit(space, Ids.newId(), "", 0.8), hit(space, pages.get(1), "", 0.4));

        as(guest).queryParam("query", query).get("/v1/spaces/" + space + "/search").then().statusCode(200)
                .body("count", equalTo(1)).body("items.id", contains(pages.get(1)));
        as(guest).queryParam("query", query).get("/v1/orgs/" + org + "/search").then().statusCode(200)
                .body("count", equalTo(1)).body("items.id", contains(space))
                .body("items[0].pages.id", contains(pages.get(1)));
        // content asked for the readable space only
        JsonPath asked = new JsonPath(InsightsStandIn.REQUESTS.get(InsightsStandIn.REQUESTS.size() - 1).toString());
        assertEquals(List.of(space), asked.getList("spaces"));
        as(guest).queryParam("query", query).get("/v1/spaces/" + salaries + "/search").then().statusCode(404);
        // the admin, who may read both, sees the salaries too
        as(admin).queryParam("query", query).get("/v1/orgs/" + org + "/search").then().statusCode(200)
                .body("items.id", contains(salaries, space));
    }

    @Test
    @Order(10)
    void insightsDownOrSlowLeavesSearchLexical() {
        InsightsStandIn.answer(PARAPHRASE, hit(space, pages.get(0), "forgotten-credentials", 0.62));
        InsightsStandIn.answer("invoices", hit(space, pages.get(2), "", 0.5));
        InsightsStandIn.down();
        try {
            lexicalAnswers();
        } finally {
            InsightsStandIn.up();
        }
        InsightsStandIn.slow(6_000);
        try {
            long started = System.nanoTime();
            lexicalAnswers();
            long tookMs = (System.nanoTime() - started) / 1_000_000;
            // four searches, none waiting much past the timeout (1.5 s in tests)
            assertTrue(tookMs < 4 * 3_000, "took " + tookMs + " ms");
        } finally {
            InsightsStandIn.slow(0);
        }
    }

    private void lexicalAnswers() {
        JsonPath found = as(admin).queryParam("query", "invoices").get("/v1/spaces/" + space + "/search").then()
                .statusCode(200).body("count", equalTo(1)).body("items.id", contains(pages.get(1)))
                .extract().jsonPath();
        assertEquals(Set.of("items", "count"), found.getMap("$").keySet());
        as(admin).queryParam("query", PARAPHRASE).get("/v1/spaces/" + space + "/search").then().statusCode(200)
                .body("count", equalTo(0)).body("items", hasSize(0));
        JsonPath org = as(admin).queryParam("query", "invoices").get("/v1/orgs/" + this.org + "/search").then()
                .statusCode(200).body("items.id", contains(space)).body("items[0].pages.id", contains(pages.get(1)))
                .extract().jsonPath();
        assertEquals(Set.of("items", "count"), org.getMap("$").keySet());
        as(admin).queryParam("query", PARAPHRASE).get("/v1/orgs/" + this.org + "/search").then().statusCode(200)
                .body("count", equalTo(0));
    }
}
