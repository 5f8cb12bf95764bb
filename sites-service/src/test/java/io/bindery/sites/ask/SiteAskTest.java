package io.bindery.sites.ask;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.sites.testing.ContentStandIn;
import io.bindery.sites.testing.ContentStandIn.StandInPage;
import io.bindery.sites.testing.InsightsStandIn;
import io.bindery.sites.testing.SiteFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.bindery.sites.testing.SiteFixtures.as;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code POST /v1/orgs/{o}/sites/{s}/ask} (GitBook's streamAskInSite) against the real database, content's internal
 * API served by a stand-in over real HTTP: the passages come from the site's spaces in the scope asked for that the
 * caller may read, never another space of the organization; another organization or no such site is a 404; a bad
 * body is a 400.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
@WithTestResource(InsightsStandIn.class)
class SiteAskTest {
    String org;
    String admin;
    String guides;
    String api;
    String outside;
    String site;

    @BeforeEach
    void site() {
        org = Ids.newId();
        admin = SiteFixtures.member(org, "admin");
        guides = space("Guides", "Rotate the signing key every month.");
        api = space("API", "The signing key signs every webhook.");
        outside = space("Internal", "The signing key is kept in the vault.");
        site = as(admin).body("{\"title\":\"Docs\",\"spaces\":[\"" + guides + "\",\"" + api + "\"]}")
                .post("/v1/orgs/" + org + "/sites").then().statusCode(201).extract().path("id");
        ContentStandIn.ASKED.clear();
    }

    @AfterEach
    void noWriter() {
        ContentStandIn.written = null;
    }

    String space(String title, String text) {
        String id = ContentStandIn.space(org, title, Set.of(), Set.of(admin));
        ContentStandIn.revision(id, ContentStandIn.data(id).revision(),
                List.of(StandInPage.document(title + " start", "start", 0, "# " + title + "\n\n" + text + "\n")));
        return id;
    }

    String ask() {
        return "/v1/orgs/" + org + "/sites/" + site + "/ask";
    }

    /** The one event of the stream, read. */
    static JsonPath event(String stream) {
        assertTrue(stream.startsWith("data: ") && stream.endsWith("\n\n"), stream);
        return JsonPath.from(stream.substring("data: ".length()).strip());
    }

    @Test
    void sourcesComeOnlyFromTheSitesSpacesInScope() {
        String stream = as(admin).body(Map.of("question", "signing key", "scope", Map.of("mode", "all")))
                .queryParam("format", "markdown").post(ask()).then().statusCode(200)
                .contentType(startsWith("text/event-stream")).extract().asString();
        JsonPath answer = event(stream);
        assertEquals("answer", answer.getString("type"));
        assertEquals(List.of(guides, api), answer.getList("answer.sources.space"));
        assertEquals(List.of("page", "page"), answer.getList("answer.sources.type"));
        assertEquals(List.of(), answer.getList("answer.followupQuestions"));
        String markdown = answer.getString("answer.answer.markdown");
        assertTrue(markdown.contains("> Rotate the signing key every month."), markdown);
        assertTrue(!markdown.contains("vault"), markdown);
        assertEquals(List.of(List.of(guides, api)), ContentStandIn.ASKED, "the site's spaces only were asked");

        // default: the default site space of each section (here the site's first space), the current one too
        ContentStandIn.ASKED.clear();
        event(as(admin).body(Map.of("question", "signing key", "scope", Map.of("mode", "default")))
                .post(ask()).then().statusCode(200).extract().asString());
        assertEquals(List.of(List.of(guides)), ContentStandIn.ASKED);
        // specific: the site spaces named
        List<String> siteSpaces = as(admin).get("/v1/orgs/" + org + "/sites/" + site + "/site-spaces").then().statusCode(200)
                .extract().path("items.id");
        List<String> spaceOf = as(admin).get("/v1/orgs/" + org + "/sites/" + site + "/site-spaces").then()
                .extract().path("items.space.id");
        String apiSiteSpace = siteSpaces.get(spaceOf.indexOf(api));
        ContentStandIn.ASKED.clear();
        JsonPath specific = event(as(admin).body(Map.of("question", "signing key",
                "scope", Map.of("mode", "specific", "siteSpaceIds", List.of(apiSiteSpace))))
                .post(ask()).then().statusCode(200).extract().asString());
        assertEquals(List.of(api), specific.getList("answer.sources.space"));
        // the default format: a GitBook document
        assertEquals("document", specific.getString("answer.answer.document.object"));
        ContentStandIn.ASKED.clear();
        event(as(admin).body(Map.of("question", "signing key", "scope", Map.of("mode", "default", "currentSiteSpace", apiSiteSpace)))
                .post(ask()).then().statusCode(200).extract().asString());
        assertEquals(List.of(List.of(guides, api)), ContentStandIn.ASKED);
    }

    @Test
    void onlyTheSpacesTheCallerMayReadAreAsked() {
        String reader = SiteFixtures.member(org, "read");
        // the stand-in lets a member read a space only when named among its readers: give the reader the API space
        String readable = ContentStandIn.space(org, "Readable", Set.of(reader), Set.of(admin));
        ContentStandIn.revision(readable, ContentStandIn.data(readable).revision(),
                List.of(StandInPage.document("Readable start", "start", 0, "The signing key is public.")));
        String mixed = as(admin).body("{\"title\":\"Mixed\",\"spaces\":[\"" + guides + "\",\"" + readable + "\"]}")
                .post("/v1/orgs/" + org + "/sites").then().statusCode(201).extract().path("id");
        ContentStandIn.ASKED.clear();
        JsonPath answer = event(as(reader).body(Map.of("question", "signing key", "scope", Map.of("mode", "all")))
                .post("/v1/orgs/" + org + "/sites/" + mixed + "/ask").then().statusCode(200).extract().asString());
        assertEquals(List.of(readable), answer.getList("answer.sources.space"));
        assertEquals(List.of(List.of(readable)), ContentStandIn.ASKED);
    }

    @Test
    void nothingFoundIsAnEmptyAnswerAndAWrittenAnswerCitesItsSources() {
        JsonPath none = event(as(admin).body(Map.of("question", "zyzzyva", "scope", Map.of("mode", "all")))
                .post(ask()).then().statusCode(200).extract().asString());
        assertEquals(Map.of(), none.getMap("answer.answer"));
        assertEquals(List.of(), none.getList("answer.sources"));
        ContentStandIn.written = "Rotate it monthly [1].";
        String markdown = event(as(admin).body(Map.of("question", "rotate the signing key", "scope", Map.of("mode", "all")))
                .queryParam("format", "markdown").post(ask()).then().statusCode(200).extract().asString())
                .getString("answer.answer.markdown");
        assertTrue(markdown.startsWith("Rotate it monthly [1].\n\n**Sources**\n\n1. Guides start"), markdown);
    }

    @Test
    void anotherOrganizationOrNoSuchSiteIsA404() {
        String stranger = SiteFixtures.member(Ids.newId(), "admin");
        Map<String, Object> body = Map.of("question", "signing key", "scope", Map.of("mode", "all"));
        as(stranger).body(body).post(ask()).then().statusCode(404).body("error.code", equalTo(404));
        as(admin).body(body).post("/v1/orgs/" + org + "/sites/" + Ids.newId() + "/ask").then().statusCode(404)
                .body("error.code", equalTo(404));
        // a site of another organization under this organization's address
        String otherOrg = Ids.newId();
        String otherAdmin = SiteFixtures.member(otherOrg, "admin");
        String theirs = as(otherAdmin).body("{\"title\":\"Theirs\"}").post("/v1/orgs/" + otherOrg + "/sites")
                .then().statusCode(201).extract().path("id");
        as(admin).body(body).post("/v1/orgs/" + org + "/sites/" + theirs + "/ask").then().statusCode(404);
        assertTrue(ContentStandIn.ASKED.isEmpty(), "content was never asked");
    }

    @Test
    void aBadBodyIsA400() {
        for (String bad : List.of("{}", "[]", "\"why\"", "{\"question\":\"why\"}", "{\"question\":\"\",\"scope\":{\"mode\":\"all\"}}",
                "{\"question\":\"   \",\"scope\":{\"mode\":\"all\"}}", "{\"question\":5,\"scope\":{\"mode\":\"all\"}}",
                "{\"question\":\"" + "a".repeat(513) + "\",\"scope\":{\"mode\":\"all\"}}",
                "{\"question\":\"why\",\"scope\":\"all\"}", "{\"question\":\"why\",\"scope\":{}}",
                "{\"question\":\"why\",\"scope\":{\"mode\":\"everything\"}}",
                "{\"question\":\"why\",\"scope\":{\"mode\":\"specific\"}}",
                "{\"question\":\"why\",\"scope\":{\"mode\":\"specific\",\"siteSpaceIds\":[]}}",
                "{\"question\":\"why\",\"scope\":{\"mode\":\"specific\",\"siteSpaceIds\":[\"nope\"]}}",
                "{\"question\":\"why\",\"scope\":{\"mode\":\"all\"},\"context\":{\"siteSpaceId\":5}}",
                "{\"question\":")) {
            as(admin).body(bad).post(ask()).then().statusCode(400).body("error.code", equalTo(400))
                    .body("error.message", notNullValue());
        }
        as(admin).queryParam("format", "html").body(Map.of("question", "why", "scope", Map.of("mode", "all")))
                .post(ask()).then().statusCode(400);
        as(admin).post(ask()).then().statusCode(400);
    }
}
