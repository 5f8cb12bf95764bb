package io.bindery.content;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.commons.testing.TopicEvents;
import io.bindery.contracts.sites.SiteData;
import io.bindery.contracts.sites.SiteSpaceData;
import io.bindery.contracts.sites.SitesEventTypes;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.internal;
import static io.bindery.content.TestApi.member;
import static io.bindery.content.TestApi.space;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.emptyString;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.hamcrest.Matchers.containsString;

/**
 * What content gives sites-service: spaces as a user sees them (the internal space-views call) and the Space's
 * {@code urls.published} kept from sites' site-space events, sent through a real broker into the real consumer.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class SitesSupportTest {
    @Inject
    ObjectMapper json;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrap;

    @Test
    void spaceViewsAreTheReadableSpacesWithTheUsersPermissions() {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String guest = member(org, null, "read");
        String first = space(org, admin, "First");
        String second = space(org, admin, "Second");
        String binned = space(org, admin, "Binned");
        String otherOrg = Ids.newId();
        String elsewhere = space(otherOrg, member(otherOrg, "admin", null), "Elsewhere");
        as(admin).delete("/v1/spaces/" + binned).then().statusCode(204);
        as(admin).body("{\"role\":\"read\"}").patch("/v1/spaces/" + second + "/permissions/users/" + guest).then().statusCode(204);

        String body = "{\"user\":\"%s\",\"spaces\":[\"" + second + "\",\"" + first + "\",\"" + binned + "\",\"" + elsewhere
                + "\",\"unknown\",\"" + first + "\"]}";
        internal().body(body.formatted(admin)).post("/internal/orgs/" + org + "/space-views").then().statusCode(200)
                .body("spaces.id", equalTo(List.of(second, first))).body("spaces[0].object", equalTo("space"))
                .body("spaces[0].title", equalTo("Second")).body("spaces[0].permissions.admin", equalTo(true));
        internal().body(body.formatted(guest)).post("/internal/orgs/" + org + "/space-views").then().statusCode(200)
                .body("spaces.id", equalTo(List.of(second))).body("spaces[0].permissions.admin", equalTo(false))
                .body("spaces[0].permissions.view", equalTo(true));
        internal().body(body.formatted(Ids.newId())).post("/internal/orgs/" + org + "/space-views").then().statusCode(404);
        internal().body("{\"user\":\"" + admin + "\"}").post("/internal/orgs/" + org + "/space-views").then().statusCode(400);
        internal().body("{\"spaces\":[]}").post("/internal/orgs/" + org + "/space-views").then().statusCode(400);
    }

    @Test
    void theReaderReadsARevisionsTreeAndPages() {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Docs");
        as(admin).body("{\"id\":\"product-docs\"}").post("/v1/spaces/" + space + "/content/template").then().statusCode(201);
        String revision = as(admin).get("/v1/spaces/" + space).then().statusCode(200).extract().path("revision");
        List<String> paths = internal().get("/internal/spaces/" + space + "/revisions/" + revision + "/tree").then().statusCode(200)
                .body("space", equalTo(space)).body("revision", equalTo(revision)).extract().path("pages.path");
        assertFalse(paths.isEmpty());
        String first = internal().get("/internal/spaces/" + space + "/revisions/" + revision + "/tree").then()
                .extract().path("pages.find { it.kind == 'document' }.id");
        internal().get("/internal/spaces/" + space + "/revisions/" + revision + "/pages/" + first).then().statusCode(200)
                .body("id", equalTo(first)).body("markdown", not(emptyString()));
        internal().get("/internal/spaces/" + space + "/revisions/" + revision + "/pages/unknown").then().statusCode(404);
        // many pages in one call (Git Sync's export), in the order asked, each as the one-page read answers it
        List<String> ids = internal().get("/internal/spaces/" + space + "/revisions/" + revision + "/tree").then()
                .extract().path("pages.id");
        List<String> reversed = new java.util.ArrayList<>(ids);
        java.util.Collections.reverse(reversed);
        String firstMarkdown = internal().get("/internal/spaces/" + space + "/revisions/" + revision + "/pages/" + first)
                .then().extract().path("markdown");
        internal().body(Map.of("pages", reversed)).post("/internal/spaces/" + space + "/revisions/" + revision + "/pages")
                .then().statusCode(200).body("space", equalTo(space)).body("revision", equalTo(revision))
                .body("pages.id", equalTo(reversed)).body("pages.path", equalTo(reversed.stream()
                        .map(id -> paths.get(ids.indexOf(id))).toList()))
                .body("pages.find { it.id == '" + first + "' }.markdown", equalTo(firstMarkdown));
        internal().body(Map.of("pages", List.of(first, "unknown")))
                .post("/internal/spaces/" + space + "/revisions/" + revision + "/pages").then().statusCode(404);
        internal().body("{}").post("/internal/spaces/" + space + "/revisions/" + revision + "/pages").then().statusCode(400)
                .body("error.code", equalTo(400));
        internal().body(Map.of("pages", java.util.Collections.nCopies(501, first)))
                .post("/internal/spaces/" + space + "/revisions/" + revision + "/pages").then().statusCode(400);
        // a revision read through another space is not there
        String other = space(org, admin, "Other");
        internal().get("/internal/spaces/" + other + "/revisions/" + revision + "/tree").then().statusCode(404);
        internal().get("/internal/spaces/" + space + "/revisions/unknown/tree").then().statusCode(404);
        internal().body(Map.of("pages", List.of(first))).post("/internal/spaces/" + other + "/revisions/" + revision + "/pages")
                .then().statusCode(404);
    }

    @Test
    void theReaderGetsARevisionsFilesAndSearchesTheSpacesItNames() {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Docs");
        String other = space(org, admin, "Other");
        String png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
        String branch = internal().body("{}").post("/internal/spaces/" + space + "/branches").then().statusCode(201).extract().path("id");
        as(admin).body(Map.of("changes", List.of(
                        Map.of("operation", "insert_files", "files", List.of(Map.of("ref", "logo", "name", "logo.png",
                                "contentType", "image/png", "base64", png))),
                        Map.of("operation", "insert_page", "title", "Wombats", "document",
                                Map.of("markdown", "# Wombats\n\n![logo](logo)\n\n## Burrows\n\nA wombat digs burrows."))))
                ).post("/v1/spaces/" + space + "/change-requests/" + branch + "/content?compat=false").then().statusCode(200);
        internal().body("{}").post("/internal/spaces/" + space + "/branches/" + branch + "/merge").then().statusCode(200);
        String revision = as(admin).get("/v1/spaces/" + space).then().statusCode(200).extract().path("revision");
        // the tree says when the revision was made (the reader's Last-Modified)
        internal().get("/internal/spaces/" + space + "/revisions/" + revision + "/tree").then().statusCode(200)
                .body("createdAt", not(emptyString()));
        String pageId = internal().get("/internal/spaces/" + space + "/revisions/" + revision + "/tree").then()
                .extract().path("pages.find { it.title == 'Wombats' }.id");
        String markdown = internal().get("/internal/spaces/" + space + "/revisions/" + revision + "/pages/" + pageId)
                .then().statusCode(200).extract().path("markdown");
        java.util.regex.Matcher file = java.util.regex.Pattern.compile("!\\[logo]\\(/files/([^)]+)\\)").matcher(markdown);
        assertTrue(file.find(), markdown);
        byte[] bytes = internal().get("/internal/spaces/" + space + "/revisions/" + revision + "/files/" + file.group(1))
                .then().statusCode(200).contentType("image/png").extract().asByteArray();
        assertArrayEquals(java.util.Base64.getDecoder().decode(png), bytes);
        internal().get("/internal/spaces/" + space + "/revisions/" + revision + "/files/unknown").then().statusCode(404);
        // the revision's list of files (Git Sync's export, which acts for no user)
        internal().get("/internal/spaces/" + space + "/revisions/" + revision + "/files").then().statusCode(200)
                .body("space", equalTo(space)).body("revision", equalTo(revision))
                .body("files.id", equalTo(List.of(file.group(1)))).body("files[0].name", equalTo("logo.png"))
                .body("files[0].contentType", equalTo("image/png")).body("files[0].size", equalTo(bytes.length));
        internal().get("/internal/spaces/" + other + "/revisions/" + revision + "/files").then().statusCode(404);
        internal().get("/internal/spaces/" + other + "/revisions/" + revision + "/files/" + file.group(1)).then().statusCode(404);

        // search: only the spaces named, each match with its page and best section
        internal().body(Map.of("spaces", List.of(space, other), "query", "burrows", "pagesPerSpace", 5)).post("/internal/search")
                .then().statusCode(200).body("spaces", hasSize(1)).body("spaces[0].id", equalTo(space))
                .body("spaces[0].revision", equalTo(revision))
                .body("spaces[0].pages[0].id", equalTo(pageId)).body("spaces[0].pages[0].title", equalTo("Wombats"))
                .body("spaces[0].pages[0].anchor", equalTo("burrows"))
                .body("spaces[0].pages[0].body", containsString("<mark>"));
        internal().body(Map.of("spaces", List.of(other), "query", "burrows", "pagesPerSpace", 5)).post("/internal/search")
                .then().statusCode(200).body("spaces", hasSize(0));
        internal().body(Map.of("spaces", List.of(space), "query", " ", "pagesPerSpace", 5)).post("/internal/search")
                .then().statusCode(400);
        internal().body("").post("/internal/search").then().statusCode(400);
    }

    @Test
    void aSpaceShowsWhereASiteSpacePublishesItNewestEventWins() throws Exception {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Published");
        String site = Ids.newId();
        String siteSpace = Ids.newId();
        Instant t = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        as(admin).get("/v1/spaces/" + space).then().statusCode(200).body("urls.published", nullValue());
        try (TopicEvents sites = new TopicEvents(bootstrap, json, SitesEventTypes.TOPIC, "/bindery/sites-service")) {
            send(sites, SitesEventTypes.SITE_SPACE_CREATED, site, data(siteSpace, site, org, space, "https://docs.example.com/a/", t));
            awaitPublished(admin, space, "https://docs.example.com/a/");
            // an older update changes nothing; a newer one moves the address; an unpublished site shows none
            send(sites, SitesEventTypes.SITE_SPACE_UPDATED, site, data(siteSpace, site, org, space, "https://old.example.com/", t.minusSeconds(5)));
            send(sites, SitesEventTypes.SITE_SPACE_UPDATED, site, data(siteSpace, site, org, space, "https://docs.example.com/b/", t.plusSeconds(1)));
            awaitPublished(admin, space, "https://docs.example.com/b/");
            send(sites, SitesEventTypes.SITE_SPACE_UPDATED, site, data(siteSpace, site, org, space, null, t.plusSeconds(2)));
            awaitPublished(admin, space, null);
            send(sites, SitesEventTypes.SITE_SPACE_UPDATED, site, data(siteSpace, site, org, space, "https://docs.example.com/c/", t.plusSeconds(3)));
            awaitPublished(admin, space, "https://docs.example.com/c/");
            // deleted: gone, and a late older event cannot bring it back
            send(sites, SitesEventTypes.SITE_SPACE_DELETED, site, data(siteSpace, site, org, space, "https://docs.example.com/c/", t.plusSeconds(4)));
            send(sites, SitesEventTypes.SITE_SPACE_UPDATED, site, data(siteSpace, site, org, space, "https://docs.example.com/d/", t.plusSeconds(3)));
            awaitPublished(admin, space, null);
            // another site publishes it; deleting that site takes the address away
            String other = Ids.newId();
            send(sites, SitesEventTypes.SITE_SPACE_CREATED, other, data(Ids.newId(), other, org, space, "https://other.example.com/", t));
            awaitPublished(admin, space, "https://other.example.com/");
            send(sites, SitesEventTypes.SITE_DELETED, other, new SiteData(other, org, "basic", "Other", "public", true, null, null,
                    null, false, "included", t, t));
            awaitPublished(admin, space, null);
        }
        as(admin).get("/v1/orgs/" + org + "/spaces").then().statusCode(200).body("items", hasSize(1));
    }

    private void send(TopicEvents sites, String type, String site, Object data) throws Exception {
        sites.send(site, sites.event(Ids.newId(), type, site, Instant.now(), data));
    }

    private static SiteSpaceData data(String id, String site, String org, String space, String published, Instant at) {
        return new SiteSpaceData(id, site, org, null, space, "docs", true, null, published, at);
    }

    private static void awaitPublished(String user, String space, String url) {
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200)).until(() -> Objects.equals(url,
                as(user).get("/v1/spaces/" + space).then().statusCode(200).extract().path("urls.published")));
    }
}
