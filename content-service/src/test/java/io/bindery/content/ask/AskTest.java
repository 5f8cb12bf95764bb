package io.bindery.content.ask;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.content.testing.InsightsStandIn;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.internal;
import static io.bindery.content.TestApi.member;
import static io.bindery.content.testing.InsightsStandIn.hit;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

/**
 * {@code POST /v1/orgs/{o}/ask} without a language model: the best passages of the hybrid search, quoted with links,
 * and their pages as GitBook's SearchAIAnswerSourcePage sources; only what the caller may read; bad input a 400.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(InsightsStandIn.class)
class AskTest {

    record Org(String id, String admin, String space, String revision, List<String> pages) {
    }

    static Org handbook() {
        String org = Ids.newId();
        String admin = member(org, "admin");
        String space = as(admin).body("{\"title\":\"Handbook\"}").post("/v1/orgs/" + org + "/spaces")
                .then().statusCode(201).extract().path("id");
        List<String> pages = io.bindery.content.search.SearchTestPages.merged(admin, space, List.of(
                Map.entry("Resetting a password", "# Resetting a password\n\nPasswords expire yearly.\n\n"
                        + "## Forgotten credentials\n\nRequest a reset link; it reaches your email within minutes.\n"),
                Map.entry("Billing", "# Billing\n\nInvoices are issued monthly by the billing team.\n"),
                Map.entry("Exporting", "# Exporting\n\nDownload a PDF of the whole handbook.\n")));
        String revision = as(admin).get("/v1/spaces/" + space).then().statusCode(200).extract().path("revision");
        return new Org(org, admin, space, revision, pages);
    }

    @Test
    void answersWithThePassagesAndTheirSources() {
        Org o = handbook();
        String question = "what do i do when i am locked out";
        InsightsStandIn.answer(question, hit(o.space(), o.pages().get(0), "forgotten-credentials", 0.6),
                hit(o.space(), o.pages().get(2), "", 0.3));
        as(o.admin()).body(Map.of("query", question)).post("/v1/orgs/" + o.id() + "/ask").then().statusCode(200)
                .body("answer.sources", hasSize(2))
                .body("answer.sources[0].type", equalTo("page"))
                .body("answer.sources[0].page", equalTo(o.pages().get(0)))
                .body("answer.sources[0].space", equalTo(o.space()))
                .body("answer.sources[0].revision", equalTo(o.revision()))
                .body("answer.sources[0].sections", contains("forgotten-credentials"))
                .body("answer.sources[0].reason", containsString("meaning"))
                .body("answer.sources[1].page", equalTo(o.pages().get(2)))
                .body("answer.followupQuestions", hasSize(0))
                // the default format: a GitBook document
                .body("answer.answer.document.object", equalTo("document"))
                .body("answer.answer.document.nodes", not(hasSize(0)))
                .body("answer.answer.markdown", nullValue());
        as(o.admin()).queryParam("format", "markdown").queryParam("details", "true").body(Map.of("query", question))
                .post("/v1/orgs/" + o.id() + "/ask").then().statusCode(200)
                .body("answer.answer.markdown", containsString("> Request a reset link; it reaches your email within minutes."))
                .body("answer.answer.markdown", containsString("**Resetting a password › Forgotten credentials**"))
                .body("answer.answer.markdown", containsString("/s/" + o.space() + "/"))
                .body("answer.answer.document", nullValue());
        // words alone (insights knows nothing of this query): the page with the words
        as(o.admin()).body(Map.of("query", "invoices")).post("/v1/orgs/" + o.id() + "/ask").then().statusCode(200)
                .body("answer.sources.page", contains(o.pages().get(1)))
                .body("answer.sources[0].reason", containsString("words"))
                .body("answer.sources[0].sections", hasSize(1));
        // nothing found: no answer
        as(o.admin()).body(Map.of("query", "zyzzyva")).post("/v1/orgs/" + o.id() + "/ask").then().statusCode(200)
                .body("answer", nullValue()).body("size()", equalTo(0));
    }

    @Test
    void onlyWhatTheCallerMayReadIsQuoted() {
        Org o = handbook();
        String guest = member(o.id(), null);
        String salaries = as(o.admin()).body("{\"title\":\"Salaries\"}").post("/v1/orgs/" + o.id() + "/spaces")
                .then().statusCode(201).extract().path("id");
        String secret = io.bindery.content.search.SearchTestPages.merged(o.admin(), salaries,
                List.of(Map.entry("Salary bands", "# Salary bands\n\nEngineers earn between two figures.\n"))).get(0);
        as(o.admin()).body("{\"role\":\"read\"}").patch("/v1/spaces/" + o.space() + "/permissions/users/" + guest)
                .then().statusCode(204);
        String question = "how much is the pay";
        InsightsStandIn.answer(question, hit(salaries, secret, "", 0.9), hit(o.space(), o.pages().get(1), "", 0.4));
        as(guest).body(Map.of("query", question)).post("/v1/orgs/" + o.id() + "/ask").then().statusCode(200)
                .body("answer.sources.page", contains(o.pages().get(1)))
                .body("answer.sources.space", everyItem(equalTo(o.space())));
        as(o.admin()).body(Map.of("query", question)).post("/v1/orgs/" + o.id() + "/ask").then().statusCode(200)
                .body("answer.sources.page", contains(secret, o.pages().get(1)));
        // another organization's member: 404
        String stranger = member(Ids.newId(), "admin");
        as(stranger).body(Map.of("query", question)).post("/v1/orgs/" + o.id() + "/ask").then().statusCode(404)
                .body("error.code", equalTo(404));
    }

    @Test
    void sitesAskKeepsToTheSpacesItGives() {
        Org o = handbook();
        String other = as(o.admin()).body("{\"title\":\"Salaries\"}").post("/v1/orgs/" + o.id() + "/spaces")
                .then().statusCode(201).extract().path("id");
        String secret = io.bindery.content.search.SearchTestPages.merged(o.admin(), other,
                List.of(Map.entry("Salary bands", "# Salary bands\n\nInvoices for salaries are secret.\n"))).get(0);
        String question = "monthly invoices";
        InsightsStandIn.answer(question, hit(other, secret, "", 0.9), hit(o.space(), o.pages().get(2), "", 0.5));
        internal().body(Map.of("spaces", List.of(o.space()), "question", question, "passages", 5))
                .post("/internal/ask").then().statusCode(200)
                .body("passages.space", everyItem(equalTo(o.space())))
                // the words' page and the meaning's, not the other space's best
                .body("passages.page", containsInAnyOrder(o.pages().get(1), o.pages().get(2)))
                .body("passages.revision", everyItem(equalTo(o.revision())))
                .body("passages.pageTitle", hasItem("Billing"))
                .body("passages.path", everyItem(notNullValue()))
                .body("passages.text", hasItem(containsString("Invoices are issued monthly")))
                .body("written", nullValue());
        // given both spaces, the other space's page is among them; at most as many passages as asked for
        internal().body(Map.of("spaces", List.of(o.space(), other), "question", question, "passages", 5))
                .post("/internal/ask").then().statusCode(200)
                .body("passages.page", hasItem(secret));
        internal().body(Map.of("spaces", List.of(o.space(), other), "question", question, "passages", 1))
                .post("/internal/ask").then().statusCode(200)
                .body("passages", hasSize(1));
        internal().body(Map.of("spaces", List.of(o.space()), "question", "zyzzyva", "passages", 5))
                .post("/internal/ask").then().statusCode(200).body("passages", hasSize(0));
        for (String bad : List.of("{}", "{\"spaces\":[\"" + o.space() + "\"],\"question\":\"\"}",
                "{\"spaces\":[\"" + o.space() + "\"],\"question\":\"" + "a".repeat(513) + "\"}")) {
            internal().body(bad).post("/internal/ask").then().statusCode(400).body("error.code", equalTo(400));
        }
    }

    @Test
    void sitesAskQuotesPassagesAsLongAsTheOrganizationsAsk() {
        Org o = handbook();
        StringBuilder long_ = new StringBuilder();
        for (int i = 0; long_.length() < 1500; i++) {
            long_.append("Retention rule ").append(i).append(" keeps archived records for auditors. ");
        }
        String page = io.bindery.content.search.SearchTestPages.merged(o.admin(), o.space(),
                List.of(Map.entry("Retention", "# Retention\n\n" + long_ + "\n"))).get(0);
        String question = "archived records retention";
        String text = internal().body(Map.of("spaces", List.of(o.space()), "question", question, "passages", 1))
                .post("/internal/ask").then().statusCode(200)
                .body("passages.page", contains(page))
                .extract().path("passages[0].text");
        // about 700 characters from the section's start, cut at a word, as the organization's ask quotes (a search
        // excerpt is a few words around the match)
        org.junit.jupiter.api.Assertions.assertTrue(text.length() > 600 && text.length() <= 701, text);
        org.junit.jupiter.api.Assertions.assertTrue(text.startsWith("Retention rule 0 keeps") && text.endsWith("…"), text);
        as(o.admin()).queryParam("format", "markdown").body(Map.of("query", question))
                .post("/v1/orgs/" + o.id() + "/ask").then().statusCode(200)
                .body("answer.answer.markdown", containsString("> " + text));
    }

    @Test
    void badInputIsA400() {
        Org o = handbook();
        String ask = "/v1/orgs/" + o.id() + "/ask";
        List<String> bodies = new ArrayList<>(List.of("{}", "{\"query\":\"\"}", "{\"query\":\"   \"}", "{\"query\":5}",
                "{\"query\":null}", "[]", "\"why\"", "{\"query\":\"" + "a".repeat(513) + "\"}",
                "{\"query\":\"why\",\"previousQueries\":\"no\"}", "{\"query\":\"why\",\"previousQueries\":[1]}",
                "{\"query\":\"why\",\"previousQueries\":[\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\",\"h\",\"i\",\"j\",\"k\"]}",
                "{\"query\":"));
        for (String body : bodies) {
            as(o.admin()).body(body).post(ask).then().statusCode(400).body("error.code", equalTo(400))
                    .body("error.message", notNullValue());
        }
        as(o.admin()).post(ask).then().statusCode(400).body("error.code", equalTo(400));
        as(o.admin()).queryParam("format", "html").body(Map.of("query", "why")).post(ask).then().statusCode(400)
                .body("error.message", containsString("format"));
        as(o.admin()).queryParam("details", "perhaps").body(Map.of("query", "why")).post(ask).then().statusCode(400)
                .body("error.message", containsString("details"));
        // previousQueries are accepted (GitBook deprecated them) and do not change the answer
        as(o.admin()).body(Map.of("query", "invoices", "previousQueries", List.of("billing?")))
                .post(ask).then().statusCode(200).body("answer.sources.page", contains(o.pages().get(1)));
    }
}
