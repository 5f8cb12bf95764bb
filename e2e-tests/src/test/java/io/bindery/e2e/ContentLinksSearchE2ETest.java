package io.bindery.e2e;

import io.bindery.e2e.Stack.TestUser;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.bindery.e2e.ContentFixtures.addMember;
import static io.bindery.e2e.ContentFixtures.as;
import static io.bindery.e2e.ContentFixtures.createSpace;
import static io.bindery.e2e.ContentFixtures.json;
import static io.bindery.e2e.ContentFixtures.branchPath;
import static io.bindery.e2e.ContentFixtures.deletePage;
import static io.bindery.e2e.ContentFixtures.headRevision;
import static io.bindery.e2e.ContentFixtures.insertFile;
import static io.bindery.e2e.ContentFixtures.insertPage;
import static io.bindery.e2e.ContentFixtures.merge;
import static io.bindery.e2e.ContentFixtures.openBranch;
import static io.bindery.e2e.ContentFixtures.png;
import static io.bindery.e2e.ContentFixtures.seedMain;
import static io.bindery.e2e.ContentFixtures.spacePath;
import static io.bindery.e2e.ContentFixtures.spaceRevision;
import static io.bindery.e2e.ContentFixtures.uniqueWord;
import static io.bindery.e2e.ContentFixtures.write;
import static io.bindery.e2e.ContentFixtures.written;
import static io.bindery.e2e.E2EFixtures.eventually;
import static io.bindery.e2e.Stack.api;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What content-service derives from the markdown it stores: the links of a space (and which are broken), a
 * file's backlinks, and full-text search of main content per space and per organization; then who may read,
 * search and write content.
 */
class ContentLinksSearchE2ETest {
    static final String EXTERNAL = "https://example.com/docs";

    /** A space whose main has: a target page, a source page linking to it, to a file and to a URL, and a search page. */
    record Linked(String space, String target, String source, String file, String searchPage) {
    }

    static TestUser owner;
    static String org;
    /** Unique to this run: only the search page of {@link #shared} contains it. */
    static String word;
    static Linked shared;

    @BeforeAll
    static void organization() {
        owner = Stack.newUser("example.com");
        org = Stack.newOrg(owner);
        word = uniqueWord("zebra");
        shared = seedLinked("Searchable");
    }

    static Linked seedLinked(String title) {
        String space = createSpace(owner.token(), org, json("title", title));
        String branch = openBranch(space);
        Map<String, String> first = written(owner.token(), space, branch,
                insertPage("Link Target", "# Link Target\n\nThe target.\n"),
                insertPage("Field Guide", "# Field Guide\n\nAnimals.\n", "ref", "guide"),
                insertPage("Search Page", String.join("\n\n", "# Search Page", "An introduction without the word.",
                        "## Habitat Notes", "The " + word + " roams the plains at dusk.",
                        "## Other Section", "Nothing special here.") + "\n", "into", "guide"),
                insertFile("chart.png", "chart.png", "image/png", png()));
        String file = api(owner.token()).get(branchPath(space, branch) + "/content/files").then().statusCode(200)
                .extract().path("items[0].id");
        Map<String, String> second = written(owner.token(), space, branch, insertPage("Link Source", String.join("\n\n",
                "# Link Source", "Go to [the target](/pages/" + first.get("Link Target") + ").",
                "![chart](/files/" + file + ")", "Read [elsewhere](" + EXTERNAL + ").") + "\n"));
        merge(space, branch).then().statusCode(200);
        return new Linked(space, first.get("Link Target"), second.get("Link Source"), file, first.get("Search Page"));
    }

    @Test
    void linksAreListedWithStatsAndBreakWhenTheTargetGoes() {
        Linked l = seedLinked("Links");
        String links = spacePath(l.space()) + "/links";
        api(owner.token()).get(links).then().statusCode(200)
                .body("items", hasSize(3)).body("count", equalTo(3))
                .body("stats.total", equalTo(3)).body("stats.broken.total", equalTo(0))
                .body("items.status", everyItem(equalTo("ok"))).body("items.relation", everyItem(equalTo("reference")))
                .body("items.targetReference.kind", containsInAnyOrder("page", "file", "url"))
                .body("items.find { it.targetReference.kind == 'page' }.targetReference.page.id", equalTo(l.target()))
                .body("items.find { it.targetReference.kind == 'file' }.targetReference.file.id", equalTo(l.file()))
                .body("items.find { it.targetReference.kind == 'url' }.targetReference.url", equalTo(EXTERNAL))
                .body("items.locationReferences.flatten().kind", everyItem(equalTo("page")))
                .body("items.locationReferences.flatten().page.id", everyItem(equalTo(l.source())))
                .body("items.locationReferences.flatten().page.title", everyItem(equalTo("Link Source")))
                .body("items.locationReferences.flatten().space.id", everyItem(equalTo(l.space())));

        // pages of the list
        Response first = api(owner.token()).get(links + "?limit=2");
        first.then().statusCode(200).body("items", hasSize(2)).body("next.page", notNullValue()).body("stats.total", equalTo(3));
        api(owner.token()).queryParam("page", first.<String>path("next.page")).get(links + "?limit=2").then().statusCode(200)
                .body("items", hasSize(1)).body("$", not(hasKey("next")));

        // a page's own links
        String content = spacePath(l.space()) + "/content";
        api(owner.token()).get(content + "/page/" + l.source() + "/links").then().statusCode(200)
                .body("items", hasSize(3)).body("items.locationReferences.flatten().page.id", everyItem(equalTo(l.source())));
        api(owner.token()).get(content + "/page/" + l.target() + "/links").then().statusCode(200).body("items", empty());
        // and the other way round: the pages linking to a page
        api(owner.token()).get(content + "/page/" + l.target() + "/backlinks").then().statusCode(200)
                .body("items", hasSize(1)).body("items[0].kind", equalTo("page"))
                .body("items[0].page.id", equalTo(l.source())).body("items[0].space.id", equalTo(l.space()));
        api(owner.token()).get(content + "/page/" + l.source() + "/backlinks").then().statusCode(200).body("items", empty());
        api(owner.token()).get(content + "/page/noSuchPage0000000000/backlinks").then().statusCode(404);

        // the target goes (through a merged branch): its link is broken
        String branch = openBranch(l.space());
        written(owner.token(), l.space(), branch, deletePage(l.target()));
        merge(l.space(), branch).then().statusCode(200);
        api(owner.token()).get(links).then().statusCode(200)
                .body("stats.total", equalTo(3)).body("stats.broken.total", equalTo(1))
                .body("items.find { it.targetReference.kind == 'page' }.status", equalTo("broken"))
                .body("items.find { it.targetReference.kind == 'file' }.status", equalTo("ok"));
        api(owner.token()).get(links + "?status=broken").then().statusCode(200)
                .body("items", hasSize(1)).body("items[0].status", equalTo("broken"))
                .body("items[0].targetReference.page.id", equalTo(l.target()))
                .body("items[0].locationReferences[0].page.id", equalTo(l.source()))
                .body("stats.broken.total", equalTo(1));
        api(owner.token()).get(links + "?status=ok").then().statusCode(200)
                .body("items", hasSize(2)).body("items.status", everyItem(equalTo("ok")));
        api(owner.token()).get(links + "?status=sideways").then().statusCode(400);
    }

    @Test
    void fileBacklinksListThePagesUsingTheFile() {
        String revision = spaceRevision(owner.token(), shared.space());
        api(owner.token()).get(spacePath(shared.space()) + "/content/files/" + shared.file() + "/backlinks").then().statusCode(200)
                .body("items", hasSize(1))
                .body("items[0].kind", equalTo("page"))
                .body("items[0].page.id", equalTo(shared.source()))
                .body("items[0].page.title", equalTo("Link Source"))
                .body("items[0].space.id", equalTo(shared.space()))
                .body("items[0].versionContext.type", equalTo("revision"))
                .body("items[0].versionContext.revision", equalTo(revision));
        api(owner.token()).get(spacePath(shared.space()) + "/content/files/noSuchFile0000000000/backlinks").then().statusCode(404);
    }

    @Test
    void spaceSearchFindsTheSectionHoldingTheWord() {
        String search = spacePath(shared.space()) + "/search";
        eventually(() -> api(owner.token()).queryParam("query", word).get(search).then().statusCode(200)
                .body("items.id", contains(shared.searchPage())));
        api(owner.token()).queryParam("query", word).get(search).then().statusCode(200)
                .body("items[0].title", equalTo("Search Page"))
                .body("items[0].path", equalTo("field-guide/search-page"))
                .body("items[0].ancestors.title", contains("Field Guide"))
                .body("items[0].urls.app", startsWith("http"))
                .body("items[0].sections.id", contains("habitat-notes"))
                .body("items[0].sections[0].title", equalTo("Habitat Notes"))
                .body("items[0].sections[0].body", containsString("<mark>" + word + "</mark>"))
                .body("items[0].sections[0].urls.app", startsWith("http"));
        // a branch's text is not searched before its merge
        String unmerged = uniqueWord("okapi");
        String branch = openBranch(shared.space());
        written(owner.token(), shared.space(), branch, insertPage("Draft", "# Draft\n\nAn " + unmerged + " in a draft.\n"));
        api(owner.token()).queryParam("query", unmerged).get(search).then().statusCode(200).body("items", empty());

        api(owner.token()).queryParam("query", "a".repeat(512)).get(search).then().statusCode(200);
        api(owner.token()).queryParam("query", "a".repeat(513)).get(search).then().statusCode(400)
                .body("error.code", equalTo(400)).body("error.message", containsString("query"));
        api(owner.token()).queryParam("query", "").get(search).then().statusCode(400).body("error.code", equalTo(400));
    }

    @Test
    void renamingAParentRewritesThePathAndAncestorsOfSearchResultsBelowIt() {
        Linked l = seedLinked("Renamed parent");
        String search = spacePath(l.space()) + "/search";
        api(owner.token()).queryParam("query", word).get(search).then().statusCode(200)
                .body("items[0].path", equalTo("field-guide/search-page"));
        String guide = (String) ContentFixtures.findPage(
                ContentFixtures.tree(owner.token(), spacePath(l.space()) + "/content/pages"), "Field Guide").get("id");
        String branch = openBranch(l.space());
        written(owner.token(), l.space(), branch,
                ContentFixtures.updatePage(guide, "title", "Animal Guide", "slug", "animal-guide"));
        merge(l.space(), branch).then().statusCode(200);
        // the search page itself did not change: its index rows are rewritten, not re-split
        api(owner.token()).queryParam("query", word).get(search).then().statusCode(200)
                .body("items.id", contains(l.searchPage()))
                .body("items[0].path", equalTo("animal-guide/search-page"))
                .body("items[0].ancestors.title", contains("Animal Guide"))
                .body("items[0].sections[0].path", equalTo("animal-guide/search-page#habitat-notes"));
    }

    @Test
    void organizationSearchShowsOnlyReadableSpaces() {
        String search = "/v1/orgs/" + org + "/search";
        eventually(() -> api(owner.token()).queryParam("query", word).get(search).then().statusCode(200)
                .body("items.id", contains(shared.space())));
        api(owner.token()).queryParam("query", word).get(search).then()
                .body("items[0].title", equalTo("Searchable"))
                .body("items[0].pages.id", contains(shared.searchPage()))
                .body("items[0].pages[0].sections.id", contains("habitat-notes"));
        api(owner.token()).queryParam("query", "a".repeat(513)).get(search).then().statusCode(400);

        // a member finds it through its own role; a guest without a grant on the space does not
        TestUser member = Stack.newUser("example.com");
        addMember(owner, org, member, "read");
        eventually(() -> api(member.token()).queryParam("query", word).get(search).then().statusCode(200)
                .body("items.id", contains(shared.space())));
        TestUser guest = Stack.newUser("example.com");
        addMember(owner, org, guest, null);
        eventually(() -> api(guest.token()).queryParam("query", word).get(search).then().statusCode(200).body("items", empty()));

        // another organization: its own search does not reach this one, this one's is not for it
        TestUser outsider = Stack.newUser("example.com");
        String outsidersOrg = Stack.newOrg(outsider);
        api(outsider.token()).queryParam("query", word).get("/v1/orgs/" + outsidersOrg + "/search").then().statusCode(200)
                .body("items", empty());
        api(outsider.token()).queryParam("query", word).get(spacePath(shared.space()) + "/search").then().statusCode(404)
                .body("error.code", equalTo(404));
        api(outsider.token()).queryParam("query", word).get(search).then().statusCode(404);
    }

    @Test
    void aReaderReadsAndSearchesButCannotWrite() {
        // a guest granted read on the one space: the organization's search finds that space only (a member would
        // also read the class's other spaces through its own role)
        TestUser reader = Stack.newUser("example.com");
        addMember(owner, org, reader, null);
        as(owner.token()).body(json("role", "read")).patch(spacePath(shared.space()) + "/permissions/users/" + reader.id())
                .then().statusCode(204);
        String content = spacePath(shared.space()) + "/content";
        eventually(() -> api(reader.token()).get(content).then().statusCode(200));
        String branch = openBranch(shared.space());
        for (String path : readPaths(shared, branch)) {
            api(reader.token()).get(path).then().statusCode(200);
        }
        api(reader.token()).queryParam("query", word).get(spacePath(shared.space()) + "/search").then().statusCode(200)
                .body("items.id", contains(shared.searchPage()));
        api(reader.token()).queryParam("query", word).get("/v1/orgs/" + org + "/search").then().statusCode(200)
                .body("items.id", contains(shared.space()));

        String head = headRevision(shared.space(), branch);
        write(reader.token(), shared.space(), branch, List.of(insertPage("Not allowed", "# No\n"))).then().statusCode(403)
                .body("error.code", equalTo(403));
        as(reader.token()).body(json("changes", List.of(insertPage("Not allowed", "# No\n")))).post(branchPath(shared.space(), branch) + "/content")
                .then().statusCode(403);
        as(reader.token()).body(json("id", "product-docs", "changeRequestId", branch)).post(content + "/template").then().statusCode(403);
        assertEquals(head, headRevision(shared.space(), branch));
    }

    @Test
    void anotherOrganizationsAdminSeesNoContent() {
        TestUser stranger = Stack.newUser("example.com");
        Stack.newOrg(stranger);
        String branch = openBranch(shared.space());
        for (String path : readPaths(shared, branch)) {
            api(stranger.token()).get(path).then().statusCode(404).body("error.code", equalTo(404));
        }
        api(stranger.token()).queryParam("query", word).get(spacePath(shared.space()) + "/search").then().statusCode(404);
        write(stranger.token(), shared.space(), branch, List.of(insertPage("Intruder", "# No\n"))).then().statusCode(404);
        as(stranger.token()).body(json("id", "product-docs")).post(spacePath(shared.space()) + "/content/template").then().statusCode(404);
    }

    /** Every content read of a space, main, history and branch. */
    static List<String> readPaths(Linked l, String branch) {
        String space = spacePath(l.space());
        String content = space + "/content";
        String revision = space + "/revisions/" + spaceRevision(owner.token(), l.space());
        String cr = branchPath(l.space(), branch);
        return List.of(content, content + "/pages", content + "/page/" + l.source(),
                content + "/page/" + l.source() + "?format=markdown", content + "/path/link-source",
                content + "/files", content + "/files/" + l.file(), content + "/files/" + l.file() + "/backlinks",
                content + "/page/" + l.source() + "/links", content + "/page/" + l.source() + "/backlinks", space + "/links",
                revision, revision + "/pages", revision + "/page/" + l.source(), revision + "/path/link-source",
                revision + "/files", revision + "/files/" + l.file(), revision + "/files/" + l.file() + "/download",
                revision + "/changes",
                cr + "/content", cr + "/content/pages", cr + "/content/page/" + l.source(), cr + "/content/path/link-source",
                cr + "/content/files", cr + "/content/files/" + l.file(), cr + "/content/files/" + l.file() + "/backlinks",
                cr + "/content/page/" + l.source() + "/links", cr + "/content/page/" + l.source() + "/backlinks",
                cr + "/changes");
    }
}
