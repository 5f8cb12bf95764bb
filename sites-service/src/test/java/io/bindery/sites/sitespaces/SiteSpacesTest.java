package io.bindery.sites.sitespaces;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.commons.testing.TopicEvents;
import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.content.SpaceData;
import io.bindery.contracts.sites.SitesEventTypes;
import io.bindery.sites.testing.ContentStandIn;
import io.bindery.sites.testing.SiteFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.bindery.sites.testing.SiteFixtures.as;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Site spaces over HTTP against the real database, with content's internal API served by a stand-in over real
 * HTTP and content's space events sent through the real broker: readable spaces only, the default rule, path and
 * condition limits, moves, sections, published, the space lifecycle, roles and other organizations.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
class SiteSpacesTest {
    @Inject
    ObjectMapper json;
    @Inject
    EntityManager em;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String kafka;

    String org;
    String admin;
    String site;

    @BeforeEach
    void site() {
        org = Ids.newId();
        admin = SiteFixtures.member(org, "admin");
        site = SiteFixtures.site(org, admin, "Docs");
    }

    String url(String rest) {
        return "/v1/orgs/" + org + "/sites/" + site + rest;
    }

    String space(String title) {
        return ContentStandIn.space(org, title, Set.of(), Set.of(admin));
    }

    String add(String spaceId, String sectionId) {
        String body = sectionId == null ? "{\"spaceId\":\"" + spaceId + "\"}"
                : "{\"spaceId\":\"" + spaceId + "\",\"sectionId\":\"" + sectionId + "\"}";
        return as(admin).body(body).post(url("/site-spaces")).then().log().ifValidationFails().statusCode(201)
                .body("object", equalTo("site-space")).extract().path("id");
    }

    void schema() {
        as(admin).body("{\"jsonSchema\":" + SiteFixtures.SCHEMA + "}").put(url("/adaptive-schema")).then().statusCode(200);
    }

    String section(String title) {
        return as(admin).body("{\"title\":\"" + title + "\"}").post(url("/sections")).then().statusCode(201).extract().path("id");
    }

    @Test
    void aSiteSpaceEmbedsTheSpaceAsTheCallerSeesItAndTheFirstIsTheDefault() {
        String guide = space("User guide");
        String api = space("API");
        String first = add(guide, null);
        as(admin).get(url("/site-spaces/")).then().statusCode(200).body("count", equalTo(1))
                .body("items[0].id", equalTo(first)).body("items[0].default", equalTo(true))
                .body("items[0].path", equalTo("user-guide")).body("items[0].title", equalTo("User guide"))
                .body("items[0].space.id", equalTo(guide)).body("items[0].space.object", equalTo("space"))
                .body("items[0].space.permissions.edit", equalTo(true)).body("items[0].urls.published", nullValue());
        String second = add(api, null);
        as(admin).get(url("/site-spaces?default=true")).then().statusCode(200).body("items.id", equalTo(List.of(first)));
        as(admin).get(url("/site-spaces?default=false")).then().statusCode(200).body("items.id", equalTo(List.of(second)));
        as(admin).get(url("/site-spaces?default=maybe")).then().statusCode(400);
        as(admin).get(url("")).then().statusCode(200).body("siteSpaces", equalTo(2));
        as(admin).get("/v1/orgs/" + org + "/sites?space=" + api).then().statusCode(200).body("items.id", equalTo(List.of(site)));

        // making another one default unsets the first
        as(admin).body("{\"defaultSiteSpace\":\"" + second + "\"}").patch(url("")).then().statusCode(200);
        as(admin).get(url("/site-spaces?default=true")).then().statusCode(200).body("items.id", equalTo(List.of(second)));
        as(admin).body("{\"defaultSiteSpace\":\"unknown\"}").patch(url("")).then().statusCode(400)
                .body("error.message", containsString("defaultSiteSpace"));

        // deleting the default promotes the next; an unknown site space is already deleted
        as(admin).delete(url("/site-spaces/" + second)).then().statusCode(204);
        as(admin).delete(url("/site-spaces/" + second)).then().statusCode(204);
        as(admin).get(url("/site-spaces?default=true")).then().statusCode(200).body("items.id", equalTo(List.of(first)));

        // published: the default site space at the site's address, a member who cannot read the space sees no permission
        as(admin).post(url("/publish")).then().statusCode(200);
        String published = as(admin).get(url("/site-spaces")).then().statusCode(200).extract().path("items[0].urls.published");
        assertEquals(as(admin).get(url("")).then().extract().path("urls.published"), published);
        String reader = SiteFixtures.member(org, "read");
        as(reader).get(url("/site-spaces")).then().statusCode(200).body("items[0].space.id", equalTo(guide))
                .body("items[0].space.permissions.view", equalTo(false));
    }

    /**
     * Publishing the site and moving it to a hostname publish each site space's new address in its event (content
     * shows it as the space's urls.published): the address of the site as changed, not as it was.
     */
    @Test
    void publishingAndAHostnameGiveTheSiteSpacesEventsTheSitesNewAddress() throws Exception {
        add(space("Guide"), null);
        String atPath = as(admin).post(url("/publish")).then().statusCode(200).extract().path("urls.published");
        assertEquals(atPath, lastSiteSpacePublished());
        String host = "docs." + site.toLowerCase() + ".example.com";
        as(admin).body("{\"hostname\":\"" + host + "\"}").patch(url("")).then().statusCode(200);
        assertEquals("https://" + host + "/", lastSiteSpacePublished());
        as(admin).post(url("/unpublish")).then().statusCode(200);
        assertEquals(null, lastSiteSpacePublished());
    }

    /** The published address in the site's last site-space.updated event. */
    private String lastSiteSpacePublished() throws Exception {
        List<?> envelopes = em.createNativeQuery("select envelope from sites.outbox_event where aggregate_id = :site and type = :type"
                        + " order by id desc limit 1")
                .setParameter("site", site).setParameter("type", SitesEventTypes.SITE_SPACE_UPDATED).getResultList();
        var published = json.readTree((String) envelopes.get(0)).path("data").path("published");
        return published.isTextual() ? published.asText() : null;
    }

    @Test
    void aSpaceTheCallerCannotReadIsA404AndAddsNothing() {
        String hidden = ContentStandIn.space(org, "Hidden", Set.of(), Set.of());
        String elsewhere = ContentStandIn.space(Ids.newId(), "Elsewhere", Set.of(admin), Set.of(admin));
        for (String spaceId : List.of(hidden, elsewhere, "unknown")) {
            as(admin).body("{\"spaceId\":\"" + spaceId + "\"}").post(url("/site-spaces")).then().statusCode(404)
                    .body("error.code", equalTo(404));
        }
        as(admin).body("{}").post(url("/site-spaces")).then().statusCode(400).body("error.message", containsString("spaceId"));
        as(admin).body("{\"spaceId\":7}").post(url("/site-spaces")).then().statusCode(400);
        as(admin).body("{\"spaceId\":null}").post(url("/site-spaces")).then().statusCode(501);
        as(admin).get(url("/site-spaces")).then().statusCode(200).body("count", equalTo(0));

        // a site created with spaces: all readable or nothing
        as(admin).body("{\"title\":\"Mixed\",\"spaces\":[\"" + space("Fine") + "\",\"" + hidden + "\"]}")
                .post("/v1/orgs/" + org + "/sites").then().statusCode(404);
        as(admin).get("/v1/orgs/" + org + "/sites?title=Mixed").then().statusCode(200).body("count", equalTo(0));
        String made = as(admin).body("{\"title\":\"Made\",\"spaces\":[\"" + space("One") + "\",\"" + space("Two") + "\"]}")
                .post("/v1/orgs/" + org + "/sites").then().statusCode(201).body("siteSpaces", equalTo(2)).extract().path("id");
        as(admin).get("/v1/orgs/" + org + "/sites/" + made + "/site-spaces").then().statusCode(200)
                .body("items.path", equalTo(List.of("one", "two"))).body("items.default", equalTo(List.of(true, false)));
    }

    /** A custom home page belongs to the space it was chosen in: another space drops it, unless one comes with it. */
    @Test
    void anotherSpaceDropsTheHomePageChosenInTheOld() {
        String patch = url("/site-spaces/" + add(space("Alpha"), null));
        as(admin).body("{\"pageId\":\"home\"}").patch(patch).then().statusCode(200).body("pageId", equalTo("home"));
        as(admin).body("{\"hidden\":true}").patch(patch).then().statusCode(200).body("pageId", equalTo("home"))
                .body("hidden", equalTo(true));
        as(admin).body("{\"spaceId\":\"" + space("Beta") + "\"}").patch(patch).then().statusCode(200)
                .body("pageId", nullValue()).body("space.title", equalTo("Beta"));
        as(admin).body("{\"spaceId\":\"" + space("Gamma") + "\",\"pageId\":\"intro\"}").patch(patch).then().statusCode(200)
                .body("pageId", equalTo("intro")).body("space.title", equalTo("Gamma"));
        as(admin).body("{\"pageId\":null}").patch(patch).then().statusCode(200).body("pageId", nullValue());
    }

    @Test
    void pathsAndConditionsHaveLimitsAndPathsAreUniquePerSection() {
        schema();
        String a = add(space("Alpha"), null);
        String b = add(space("Beta"), null);
        String patch = url("/site-spaces/" + b);
        as(admin).body("{\"path\":\"\"}").patch(patch).then().statusCode(400).body("error.message", containsString("path"));
        as(admin).body("{\"path\":\"" + "p".repeat(101) + "\"}").patch(patch).then().statusCode(400).body("error.message", containsString("path"));
        as(admin).body("{\"path\":\"alpha\"}").patch(patch).then().statusCode(400).body("error.message", containsString("path"));
        as(admin).body("{\"path\":\"" + "p".repeat(100) + "\"}").patch(patch).then().statusCode(200).body("path", equalTo("p".repeat(100)));
        as(admin).body("{\"condition\":\"" + "x".repeat(1025) + "\"}").patch(patch).then().statusCode(400)
                .body("error.message", containsString("condition"));
        as(admin).body("{\"condition\":\"visitor.claims.beta ==\"}").patch(patch).then().statusCode(400)
                .body("error.message", containsString("condition"));
        as(admin).body("{\"condition\":\"visitor.claims.unknown == 1\"}").patch(patch).then().statusCode(400)
                .body("error.message", containsString("unknown"));
        as(admin).body("{\"condition\":\"visitor.claims.unsigned.plan == 'pro'\"}").patch(patch).then().statusCode(200)
                .body("condition", equalTo("visitor.claims.unsigned.plan == 'pro'"));
        as(admin).body("{\"condition\":null}").patch(patch).then().statusCode(200).body("condition", nullValue());
        as(admin).body("{\"spaceId\":\"unknown\"}").patch(patch).then().statusCode(404);
        as(admin).body("{\"path\":\"beta\"}").patch(url("/site-spaces/unknown")).then().statusCode(404);

        // the first section takes the root's site spaces; the same path is fine in another section
        String guides = section("Guides");
        String reference = section("Reference");
        String c = add(space("Alpha"), reference);
        as(admin).get(url("/site-spaces/")).then().statusCode(200).body("items.find { it.id == '" + a + "' }.section", equalTo(guides))
                .body("items.find { it.id == '" + c + "' }.path", equalTo("alpha"))
                .body("items.find { it.id == '" + c + "' }.default", equalTo(true));
        as(admin).body("{\"spaceId\":\"" + space("Gamma") + "\",\"sectionId\":\"unknown\"}").post(url("/site-spaces")).then().statusCode(400);

        // a section's default site space; deleting the section deletes its site spaces
        as(admin).body("{\"defaultSiteSpace\":\"" + b + "\"}").patch(url("/sections/" + guides)).then().statusCode(200)
                .body("siteSpaces.find { it.id == '" + b + "' }.default", equalTo(true))
                .body("siteSpaces.find { it.id == '" + a + "' }.default", equalTo(false));
        as(admin).body("{\"defaultSiteSpace\":\"" + c + "\"}").patch(url("/sections/" + guides)).then().statusCode(400);
        as(admin).delete(url("/sections/" + guides)).then().statusCode(204);
        as(admin).get(url("/site-spaces")).then().statusCode(200).body("items.id", equalTo(List.of(c)));
    }

    @Test
    void movesAndSortKeepSiblingsInOrderAndRefuseInvalidPositions() {
        String s1 = section("One");
        String s2 = section("Two");
        String a = add(space("A"), s1);
        String b = add(space("B"), s1);
        String c = add(space("C"), s1);
        String other = add(space("D"), s2);
        as(admin).body("{\"position\":{\"before\":{\"type\":\"site-space\",\"siteSpace\":\"" + a + "\"}}}")
                .post(url("/site-spaces/" + c + "/move")).then().statusCode(200).body("id", equalTo(c));
        as(admin).get(url("/structure")).then().statusCode(200).body("type", equalTo("sections"))
                .body("structure.find { it.id == '" + s1 + "' }.siteSpaces.id", equalTo(List.of(c, a, b)));
        // sort: a site space, a section; without a position to the end
        as(admin).body("{\"item\":{\"type\":\"site-space\",\"id\":\"" + c + "\"},\"position\":{\"after\":{\"type\":\"site-space\",\"id\":\"" + b + "\"}}}")
                .patch(url("/structure/sort")).then().statusCode(200).body("object", equalTo("site-space"));
        as(admin).body("{\"item\":{\"type\":\"site-space\",\"id\":\"" + a + "\"}}").patch(url("/structure/sort")).then().statusCode(200);
        as(admin).get(url("/sections/")).then().statusCode(200)
                .body("items.find { it.id == '" + s1 + "' }.siteSpaces.id", equalTo(List.of(b, c, a)));
        as(admin).body("{\"item\":{\"type\":\"site-section\",\"id\":\"" + s2 + "\"},\"position\":{\"before\":{\"type\":\"site-section\",\"id\":\"" + s1 + "\"}}}")
                .patch(url("/structure/sort")).then().statusCode(200).body("object", equalTo("site-section"));
        as(admin).get(url("/structure")).then().statusCode(200).body("structure.id", equalTo(List.of(s2, s1)));

        // invalid: itself, a site space of another section, an unknown one, another type; unknown item: 404
        for (String target : List.of(b, other, "unknown")) {
            as(admin).body("{\"position\":{\"before\":{\"type\":\"site-space\",\"siteSpace\":\"" + target + "\"}}}")
                    .post(url("/site-spaces/" + b + "/move")).then().statusCode(400);
        }
        as(admin).body("{\"position\":{\"before\":{\"type\":\"site-section\",\"id\":\"" + s1 + "\"}}}")
                .post(url("/site-spaces/" + b + "/move")).then().statusCode(400);
        as(admin).body("{\"position\":{\"before\":{\"type\":\"site-space\",\"siteSpace\":\"" + a + "\"}}}")
                .post(url("/site-spaces/unknown/move")).then().statusCode(404);
        as(admin).body("{\"item\":{\"type\":\"site-space\",\"id\":\"unknown\"}}").patch(url("/structure/sort")).then().statusCode(404);
        as(admin).body("{\"item\":{\"type\":\"page\",\"id\":\"" + a + "\"}}").patch(url("/structure/sort")).then().statusCode(400);
        as(admin).body("{\"position\":{}}").patch(url("/structure/sort")).then().statusCode(400);
        as(admin).get(url("/sections/")).then().statusCode(200)
                .body("items.find { it.id == '" + s1 + "' }.siteSpaces.id", equalTo(List.of(b, c, a)));
    }

    @Test
    void publishedShowsEachVisitorTheSiteSpacesTheirClaimsAllow() {
        schema();
        String everyone = add(space("Everyone"), null);
        String pro = add(space("Pro"), null);
        String draft = add(space("Draft"), null);
        as(admin).body("{\"condition\":\"visitor.claims.unsigned.plan == 'pro'\"}").patch(url("/site-spaces/" + pro)).then().statusCode(200);
        as(admin).body("{\"draft\":true}").patch(url("/site-spaces/" + draft)).then().statusCode(200).body("draft", equalTo(true));
        as(admin).post(url("/publish")).then().statusCode(200);
        String visitor = Ids.newId();
        as(visitor).get(url("/published?visitor.plan=free")).then().statusCode(200).body("structure.type", equalTo("siteSpaces"))
                .body("structure.structure.id", equalTo(List.of(everyone)))
                .body("structure.structure[0].space.permissions.view", equalTo(true))
                .body("structure.structure[0].space.permissions.edit", equalTo(false));
        as(visitor).get(url("/published?visitor.plan=pro")).then().statusCode(200)
                .body("structure.structure.id", equalTo(List.of(everyone, pro)));
        // a change shows at once (published keeps the site spaces' JSON until they change)
        as(admin).body("{\"condition\":null}").patch(url("/site-spaces/" + pro)).then().statusCode(200);
        as(admin).body("{\"draft\":false}").patch(url("/site-spaces/" + draft)).then().statusCode(200);
        as(visitor).get(url("/published?visitor.plan=free")).then().statusCode(200)
                .body("structure.structure.id", equalTo(List.of(everyone, pro, draft)));
        as(admin).delete(url("/site-spaces/" + everyone)).then().statusCode(204);
        as(visitor).get(url("/published?visitor.plan=free")).then().statusCode(200)
                .body("structure.structure.id", equalTo(List.of(pro, draft)));
    }

    @Test
    void aDeletedOrTransferredSpaceLeavesItsSites() throws Exception {
        String gone = space("Gone");
        String moved = space("Moved");
        String kept = space("Kept");
        add(gone, null);
        add(moved, null);
        String keptId = add(kept, null);
        try (TopicEvents content = new TopicEvents(kafka, json, ContentEventTypes.TOPIC, "/bindery/content-service")) {
            Instant later = Instant.now().plusSeconds(1).truncatedTo(ChronoUnit.MILLIS);
            SpaceData deleted = withChange(ContentStandIn.data(gone), org, later, later);
            SpaceData transferred = withChange(ContentStandIn.data(moved), Ids.newId(), later, null);
            SpaceData renamed = new SpaceData("space", kept, "Kept, renamed", "", "private", later, later, null, "live",
                    Map.of("type", "none"), ContentStandIn.data(kept).urls(), org, null, null, Ids.newId(), "inherit", 0, 0, 0, 0, null);
            content.send(gone, content.event(Ids.newId(), ContentEventTypes.SPACE_DELETED, gone, later, deleted));
            content.send(moved, content.event(Ids.newId(), ContentEventTypes.SPACE_TRANSFERRED, moved, later, transferred));
            content.send(kept, content.event(Ids.newId(), ContentEventTypes.SPACE_UPDATED, kept, later, renamed));
        }
        // generous: a new consumer group first reads the topic's backlog (every content test's events)
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200)).until(() ->
                as(admin).get(url("/site-spaces")).then().extract().<List<String>>path("items.id").equals(List.of(keptId)));
        // the stored space follows content's events: the published structure shows the new title
        as(admin).post(url("/publish")).then().statusCode(200);
        // generous: a new consumer group first reads the topic's backlog (every content test's events)
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200)).until(() ->
                "Kept, renamed".equals(as(Ids.newId()).get(url("/published")).then().extract().path("structure.structure[0].space.title")));
        as(admin).get(url("/site-spaces?default=true")).then().statusCode(200).body("items", hasSize(1));
    }

    @Test
    void readersReadAndOtherOrganizationsSeeNothing() {
        String spaceId = space("Shared");
        String siteSpace = add(spaceId, null);
        String reader = SiteFixtures.member(org, "read");
        as(reader).get(url("/site-spaces")).then().statusCode(200).body("count", equalTo(1));
        as(reader).body("{\"spaceId\":\"" + spaceId + "\"}").post(url("/site-spaces")).then().statusCode(403);
        as(reader).body("{\"path\":\"x\"}").patch(url("/site-spaces/" + siteSpace)).then().statusCode(403);
        as(reader).delete(url("/site-spaces/" + siteSpace)).then().statusCode(403);
        as(reader).body("{\"item\":{\"type\":\"site-space\",\"id\":\"" + siteSpace + "\"}}").patch(url("/structure/sort")).then().statusCode(403);

        String stranger = SiteFixtures.member(Ids.newId(), "admin");
        as(stranger).get(url("/site-spaces")).then().statusCode(404);
        as(stranger).body("{\"spaceId\":\"" + spaceId + "\"}").post(url("/site-spaces")).then().statusCode(404);
        as(stranger).body("{\"path\":\"x\"}").patch(url("/site-spaces/" + siteSpace)).then().statusCode(404);
        as(stranger).delete(url("/site-spaces/" + siteSpace)).then().statusCode(404);
        as(stranger).body("{}").post(url("/site-spaces/" + siteSpace + "/move")).then().statusCode(404);
        as(admin).get(url("/site-spaces")).then().statusCode(200).body("items[0].path", equalTo("shared"));
    }

    private static SpaceData withChange(SpaceData s, String organization, Instant updatedAt, Instant deletedAt) {
        return new SpaceData(s.object(), s.id(), s.title(), s.emoji(), s.visibility(), s.createdAt(), updatedAt, deletedAt,
                s.editMode(), s.mergeRules(), s.urls(), organization, s.parent(), s.language(), s.revision(),
                s.defaultLevel(), s.comments(), s.changeRequests(), s.changeRequestsOpen(), s.changeRequestsDraft(), null);
    }
}
