package io.bindery.e2e;

import io.bindery.e2e.Stack.TestUser;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static io.bindery.e2e.ContentFixtures.*;
import static io.bindery.e2e.Stack.api;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Writing a space's content in a change request's branch (batches of operations through the gateway) and
 * reading it back every way: the page tree, one page as markdown or as a document, by path, files and their
 * bytes, revisions of the past and the branch's list of changes. Its fixtures are in {@link ContentFixtures}.
 */
class ContentAuthoringE2ETest {


    static TestUser owner;
    static String org;

    @BeforeAll
    static void organization() {
        owner = Stack.newUser("example.com");
        org = Stack.newOrg(owner);
    }

    @Test
    void aBatchBuildsATreeWithAFileAndLinksInEveryForm() {
        String space = createSpace(owner.token(), org, json("title", "Authoring"));
        String branch = openBranch(space);
        String before = headRevision(space, branch);
        byte[] diagram = png();

        // batch 1 (the default, GitBook-compatible answer: the branch view): three levels, a file and a page using it by ref
        Response first = as(owner.token()).body(json("changes", List.of(
                insertFile("diagram.png", "diagram.png", "image/png", diagram),
                insertPage("Guides", "# Guides\n\nStart here.\n", "ref", "guides"),
                insertPage("Setup", "# Setup\n\nInstall it.\n", "ref", "setup", "into", "guides"),
                insertPage("Advanced Options", "# Advanced\n\nTune it.\n", "ref", "advanced", "into", "setup"),
                insertPage("Getting Started", "# Getting started\n\nSee the ![diagram](./diagram.png) below.\n"))))
                .post(branchPath(space, branch) + "/content");
        first.then().statusCode(200).body("object", equalTo("change-request")).body("id", equalTo(branch))
                .body("status", equalTo("open")).body("space", equalTo(space));
        String afterFirst = first.path("revision");
        assertNotEquals(before, afterFirst, "a write moves the branch head");
        assertEquals(afterFirst, headRevision(space, branch));

        String branchContent = branchPath(space, branch) + "/content";
        List<Map<String, Object>> pages = tree(owner.token(), branchContent + "/pages");
        String guides = (String) findPage(pages, "Guides").get("id");
        String setup = (String) findPage(pages, "Setup").get("id");
        String advanced = (String) findPage(pages, "Advanced Options").get("id");
        String started = (String) findPage(pages, "Getting Started").get("id");
        Response files = api(owner.token()).get(branchContent + "/files");
        files.then().statusCode(200).body("items", hasSize(1)).body("items[0].name", equalTo("diagram.png"));
        String file = files.path("items[0].id");

        // batch 2: links in every accepted form, in a new page and in two existing ones (relative to their git paths)
        Response second = write(owner.token(), space, branch, List.of(
                insertPage("Link Hub", String.join("\n\n", "# Links",
                        "[by id](/pages/" + started + ")",
                        "[by slug path](/pages/guides/setup)",
                        "[by md path](/pages/guides/setup/advanced-options.md)",
                        "[by readme](/pages/guides/README.md)",
                        "[by file id](/files/" + file + ")") + "\n"),
                // Setup has a child: its git path is guides/setup/README.md
                updatePage(setup, "document", newMarkdown("# Setup\n\nInstall it, then [the child](./advanced-options.md) "
                        + "or go [up](../README.md).\n")),
                // Advanced Options is a leaf: guides/setup/advanced-options.md
                updatePage(advanced, "document", newMarkdown("# Advanced\n\nBack to [setup](./README.md) or "
                        + "[the start](../../getting-started.md).\n"))));
        second.then().statusCode(200).body("changeRequest.id", equalTo(branch))
                .body("pages.title", hasItems("Link Hub", "Setup", "Advanced Options"))
                .body("pages.find { it.title == 'Setup' }.id", equalTo(setup))
                .body("pages.find { it.title == 'Setup' }.path", equalTo("guides/setup"))
                .body("pages.urls.location", everyItem(startsWith("http")));
        String hub = second.path("pages.find { it.title == 'Link Hub' }.id");

        // the tree: shape, slugs, paths, git paths
        pages = tree(owner.token(), branchContent + "/pages");
        assertEquals(List.of("Guides", "Getting Started", "Link Hub"), pages.stream().map(p -> p.get("title")).toList(),
                "root pages in insertion order");
        Map<String, Object> g = findPage(pages, "Guides");
        assertEquals(List.of("Setup"), children(g).stream().map(p -> p.get("title")).toList());
        Map<String, Object> s = children(g).get(0);
        assertEquals(List.of("Advanced Options"), children(s).stream().map(p -> p.get("title")).toList());
        Map<String, Object> a = children(s).get(0);
        assertEquals(List.of(), children(a));
        assertPage(g, guides, "guides", "guides", "guides/README.md");
        assertPage(s, setup, "setup", "guides/setup", "guides/setup/README.md");
        assertPage(a, advanced, "advanced-options", "guides/setup/advanced-options", "guides/setup/advanced-options.md");
        assertPage(findPage(pages, "Getting Started"), started, "getting-started", "getting-started", "getting-started.md");
        for (Map<String, Object> p : flatten(pages)) {
            assertEquals("sheet", p.get("kind"), p.toString());
            assertEquals("document", p.get("type"), p.toString());
            assertThat(p.toString(), ((Map<?, ?>) p.get("urls")).get("app"), hasToString(startsWith("http")));
        }
        for (Map<String, Object> p : flatten(tree(owner.token(), branchContent + "/pages?metadata=false"))) {
            assertFalse(p.containsKey("git"), "metadata=false omits git: " + p);
        }

        // markdown: every link stored canonically
        String hubMarkdown = markdownAt(owner.token(), branchContent, hub);
        assertThat(hubMarkdown, allOf(containsString("[by id](/pages/" + started + ")"),
                containsString("[by slug path](/pages/" + setup + ")"),
                containsString("[by md path](/pages/" + advanced + ")"),
                containsString("[by readme](/pages/" + guides + ")"),
                containsString("[by file id](/files/" + file + ")"),
                not(containsString(".md)"))));
        assertThat(markdownAt(owner.token(), branchContent, started), containsString("![diagram](/files/" + file + ")"));
        assertThat(markdownAt(owner.token(), branchContent, setup), allOf(
                containsString("[the child](/pages/" + advanced + ")"), containsString("[up](/pages/" + guides + ")")));
        assertThat(markdownAt(owner.token(), branchContent, advanced), allOf(
                containsString("[setup](/pages/" + setup + ")"), containsString("[the start](/pages/" + started + ")")));

        // document: the default format; a link inline whose ref is the page
        for (String url : List.of(branchContent + "/page/" + hub + "?format=document", branchContent + "/page/" + hub)) {
            Response doc = api(owner.token()).get(url);
            doc.then().statusCode(200).body("id", equalTo(hub)).body("title", equalTo("Link Hub"))
                    .body("document.object", equalTo("document")).body("document.nodes", not(empty()))
                    .body("$", not(hasKey("markdown")));
            assertTrue(hasPageLink(doc.path("document"), started), "a link inline to " + started + " in " + doc.asString());
        }
        api(owner.token()).get(branchContent + "/page/" + hub + "?format=markdown").then().statusCode(200)
                .body("id", equalTo(hub)).body("$", not(hasKey("document")));

        // by path
        api(owner.token()).get(branchContent + "/path/guides/setup").then().statusCode(200).body("id", equalTo(setup));
        api(owner.token()).get(branchContent + "/path/guides/setup/advanced-options").then().statusCode(200)
                .body("id", equalTo(advanced)).body("title", equalTo("Advanced Options"));
        api(owner.token()).get(branchContent + "/path/guides/nowhere").then().statusCode(404).body("error.code", equalTo(404));

        // the whole revision, files and the exact bytes
        api(owner.token()).get(branchContent).then().statusCode(200)
                .body("object", equalTo("revision")).body("id", equalTo(headRevision(space, branch)))
                .body("pages.title", contains("Guides", "Getting Started", "Link Hub"))
                .body("files.id", contains(file)).body("reusableContents", empty()).body("tags", empty());
        Response meta = api(owner.token()).get(branchContent + "/files/" + file);
        meta.then().statusCode(200).body("id", equalTo(file)).body("name", equalTo("diagram.png"))
                .body("contentType", equalTo("image/png")).body("size", equalTo(diagram.length))
                .body("downloadURL", startsWith("http"));
        byte[] downloaded = api(owner.token()).get(meta.<String>path("downloadURL")).then().statusCode(200)
                .contentType(startsWith("image/png")).extract().asByteArray();
        assertArrayEquals(diagram, downloaded);
        api(owner.token()).get(branchContent + "/files/noSuchFile0000000000").then().statusCode(404);

        // main does not see the branch
        String main = spacePath(space) + "/content";
        List<String> mainTitles = titles(tree(owner.token(), main + "/pages"));
        assertTrue(mainTitles.stream().noneMatch(Set.of("Guides", "Setup", "Getting Started", "Link Hub")::contains), mainTitles.toString());
        api(owner.token()).get(main + "/path/guides/setup").then().statusCode(404);
        api(owner.token()).get(main + "/page/" + setup).then().statusCode(404);
        api(owner.token()).get(main + "/files").then().statusCode(200).body("items.id", not(hasItem(file)));
    }

    static void assertPage(Map<String, Object> page, String id, String slug, String path, String gitPath) {
        assertEquals(id, page.get("id"), page.toString());
        assertEquals(slug, page.get("slug"), page.toString());
        assertEquals(path, page.get("path"), page.toString());
        @SuppressWarnings("unchecked")
        Map<String, Object> git = (Map<String, Object>) page.get("git");
        assertNotNull(git, "git metadata by default: " + page);
        assertEquals(gitPath, git.get("path"), page.toString());
        assertThat(String.valueOf(git.get("oid")), matchesPattern("[0-9a-f]{40}"));
    }

    /** Whether a GitBook document (any depth) holds a link inline whose ref is the page. */
    static boolean hasPageLink(Object node, String pageId) {
        if (node instanceof Map<?, ?> m) {
            if ("inline".equals(m.get("object")) && "link".equals(m.get("type"))
                    && m.get("data") instanceof Map<?, ?> data && data.get("ref") instanceof Map<?, ?> ref
                    && "page".equals(ref.get("kind")) && pageId.equals(ref.get("page"))) {
                return true;
            }
            return m.values().stream().anyMatch(v -> hasPageLink(v, pageId));
        }
        if (node instanceof List<?> l) {
            return l.stream().anyMatch(v -> hasPageLink(v, pageId));
        }
        return false;
    }

    @Test
    void anInvalidBatchIsRefusedWholeAndTheHeadStays() {
        String space = createSpace(owner.token(), org, json("title", "Refusals"));
        String branch = openBranch(space);
        Map<String, String> ids = written(owner.token(), space, branch,
                insertPage("Parent", "# Parent\n", "ref", "parent"),
                insertPage("Child", "# Child\n", "into", "parent"));
        String parent = ids.get("Parent");
        String child = ids.get("Child");
        String head = headRevision(space, branch);
        List<String> titlesBefore = titles(tree(owner.token(), branchPath(space, branch) + "/content/pages"));

        List<Map<String, Object>> fiftyOne = new ArrayList<>();
        for (int i = 0; i < 51; i++) {
            fiftyOne.add(insertPage("Bulk " + i, "bulk\n"));
        }
        Map<String, List<Map<String, Object>>> invalid = new LinkedHashMap<>();
        invalid.put("the 3rd of 3 updates an unknown page", List.of(
                insertPage("Fresh A", "a\n"), insertPage("Fresh B", "b\n"),
                updatePage("noSuchPage0000000000", "title", "Ghost")));
        invalid.put("no operation", List.of());
        invalid.put("51 operations", fiftyOne);
        invalid.put("an unknown operation", List.of(json("operation", "rename_everything", "page", parent)));
        invalid.put("a file over 1 MB", List.of(insertPage("With a big file", "x\n"),
                insertFile("big.bin", "big.bin", "application/octet-stream", new byte[1024 * 1024 + 1])));
        invalid.put("an invalid slug", List.of(insertPage("Bad slug", "x\n", "slug", "Not a slug/at all!")));
        invalid.put("at out of range", List.of(insertPage("Too far", "x\n", "into", parent, "at", 7)));
        invalid.put("a negative at", List.of(insertPage("Too early", "x\n", "at", -1)));
        invalid.put("a page moved under its own child", List.of(updatePage(parent, "into", child)));

        for (Map.Entry<String, List<Map<String, Object>>> c : invalid.entrySet()) {
            Response r = write(owner.token(), space, branch, c.getValue());
            assertEquals(400, r.statusCode(), c.getKey() + ": " + r.asString());
            r.then().body("error.code", equalTo(400)).body("error.message", not(emptyOrNullString()));
            assertEquals(head, headRevision(space, branch), c.getKey() + " leaves the branch head");
        }
        as(owner.token()).body("{\"changes\":").post(branchPath(space, branch) + "/content").then().statusCode(400);
        as(owner.token()).body(json("nothing", List.of())).post(branchPath(space, branch) + "/content").then().statusCode(400);

        assertEquals(titlesBefore, titles(tree(owner.token(), branchPath(space, branch) + "/content/pages")));
        // the same operations are fine once valid
        written(owner.token(), space, branch, insertPage("Fresh A", "a\n"), updatePage(child, "title", "Child renamed"));
        assertNotEquals(head, headRevision(space, branch));
    }

    @Test
    void unknownTargetsAre404() {
        String space = createSpace(owner.token(), org, json("title", "Unknowns"));
        String branch = openBranch(space);
        Stack.internal("content").contentType(ContentType.JSON).body("{}").post("/internal/spaces/noSuchSpace000000000/branches")
                .then().statusCode(404);
        Stack.internal("content").get("/internal/spaces/" + space + "/branches/noSuchBranch00000000").then().statusCode(404);
        as(owner.token()).body(json("changes", List.of(insertPage("X", "x\n"))))
                .post(branchPath(space, "noSuchBranch00000000") + "/content").then().statusCode(404);
        api(owner.token()).get(spacePath(space) + "/content/page/noSuchPage0000000000").then().statusCode(404);
        api(owner.token()).get(spacePath(space) + "/revisions/noSuchRevision000000").then().statusCode(404);
        api(owner.token()).get(branchPath(space, branch) + "/content/path/nothing/here").then().statusCode(404);
        // branch numbers are sequential per space; the view is found by id or number
        Response view = branchView(space, branch);
        int number = view.path("number");
        view.then().body("object", equalTo("change-request")).body("status", equalTo("open"))
                .body("revision", equalTo(view.path("revisionInitial"))).body("outdated", equalTo(false))
                .body("$", not(hasKey("revisionMerged")));
        String next = openBranch(space);
        branchView(space, String.valueOf(number + 1)).then().body("id", equalTo(next));
    }

    @Test
    void revisionsKeepTheirPagesAfterLaterWrites() {
        String space = createSpace(owner.token(), org, json("title", "History"));
        String branch = openBranch(space);
        Map<String, String> ids = written(owner.token(), space, branch,
                insertPage("Chronicle", "# Chronicle\n\nThe first version.\n"),
                insertPage("Doomed", "# Doomed\n\nSoon gone.\n"),
                insertFile("notes.txt", "notes.txt", "text/plain", "old notes".getBytes()));
        String chronicle = ids.get("Chronicle");
        String doomed = ids.get("Doomed");
        String r1 = headRevision(space, branch);
        String file = api(owner.token()).get(branchPath(space, branch) + "/content/files").path("items[0].id");

        written(owner.token(), space, branch,
                updatePage(chronicle, "title", "Chronicle, second edition", "document", newMarkdown("# Chronicle\n\nThe second version.\n")),
                deletePage(doomed));
        String r2 = headRevision(space, branch);
        merge(space, branch).then().statusCode(200);
        String merged = spaceRevision(owner.token(), space);

        String old = spacePath(space) + "/revisions/" + r1;
        api(owner.token()).get(old).then().statusCode(200).body("object", equalTo("revision")).body("id", equalTo(r1))
                .body("pages.title", containsInAnyOrder("Chronicle", "Doomed")).body("files.id", contains(file));
        assertEquals(List.of("Chronicle", "Doomed"), titles(tree(owner.token(), old + "/pages")));
        assertThat(markdownAt(owner.token(), old, chronicle), containsString("The first version."));
        api(owner.token()).get(old + "/page/" + doomed + "?format=markdown").then().statusCode(200).body("markdown", containsString("Soon gone."));
        api(owner.token()).get(old + "/path/chronicle").then().statusCode(200).body("id", equalTo(chronicle)).body("title", equalTo("Chronicle"));
        api(owner.token()).get(old + "/files").then().statusCode(200).body("items.name", contains("notes.txt"));
        api(owner.token()).get(old + "/files/" + file).then().statusCode(200).body("name", equalTo("notes.txt"));

        for (String later : List.of(r2, merged)) {
            String base = spacePath(space) + "/revisions/" + later;
            assertEquals(List.of("Chronicle, second edition"), titles(tree(owner.token(), base + "/pages")));
            assertThat(markdownAt(owner.token(), base, chronicle), containsString("The second version."));
            api(owner.token()).get(base + "/page/" + doomed).then().statusCode(404);
        }
        // main moved on; the first revision did not
        assertThat(markdownAt(owner.token(), spacePath(space) + "/content", chronicle), containsString("The second version."));
        assertThat(markdownAt(owner.token(), old, chronicle), not(containsString("second")));
    }

    @Test
    void changesListWhatTheBranchDid() {
        String space = createSpace(owner.token(), org, json("title", "Changes"));
        Map<String, String> ids = seedMain(owner.token(), space,
                insertPage("Keep", "# Keep\n"),
                insertPage("Edit me", "# Edit me\n\nOriginal.\n"),
                insertPage("Move me", "# Move me\n"),
                insertPage("Delete me", "# Delete me\n"),
                insertPage("New home", "# New home\n"));
        String branch = openBranch(space);
        api(owner.token()).get(branchPath(space, branch) + "/changes").then().statusCode(200).body("changes", empty());

        Map<String, String> created = written(owner.token(), space, branch,
                insertPage("Brand new", "# Brand new\n"),
                updatePage(ids.get("Edit me"), "document", newMarkdown("# Edit me\n\nEdited.\n")),
                updatePage(ids.get("Move me"), "into", ids.get("New home")),
                deletePage(ids.get("Delete me")),
                insertFile("data.csv", "data.csv", "text/csv", "a,b\n1,2\n".getBytes()));

        Response changes = api(owner.token()).get(branchPath(space, branch) + "/changes");
        changes.then().statusCode(200);
        Map<String, String> typeByPage = new HashMap<>();
        List<Map<String, Object>> files = new ArrayList<>();
        for (Map<String, Object> c : changes.<List<Map<String, Object>>>path("changes")) {
            if (c.get("page") instanceof Map<?, ?> page) {
                assertNull(typeByPage.put((String) page.get("id"), (String) c.get("type")), "one change per page: " + changes.asString());
            } else if (c.get("file") instanceof Map<?, ?> file) {
                files.add(json("type", c.get("type"), "name", file.get("name")));
            }
        }
        assertEquals(Map.of(created.get("Brand new"), "page_created", ids.get("Edit me"), "page_edited",
                ids.get("Move me"), "page_moved", ids.get("Delete me"), "page_deleted"), typeByPage, changes.asString());
        assertEquals(List.of(json("type", "file_created", "name", "data.csv")), files);
        changes.then().body("changes.find { it.type == 'page_moved' }.page.path", equalTo("new-home/move-me"))
                .body("changes.find { it.type == 'page_created' }.page.title", equalTo("Brand new"));

        // once merged, the merge revision shows the same changes against its first parent (the main it replaced)
        String merged = merge(space, branch).then().statusCode(200).extract().path("revision");
        api(owner.token()).get(spacePath(space) + "/revisions/" + merged + "/changes").then().statusCode(200)
                .body("changes.findAll { it.page != null }.type", containsInAnyOrder("page_created", "page_edited",
                        "page_moved", "page_deleted"))
                .body("changes.find { it.type == 'file_created' }.file.name", equalTo("data.csv"));
        api(owner.token()).get(spacePath(space) + "/revisions/" + merged + "/changes?limit=abc").then().statusCode(400);
    }
}
