package io.bindery.e2e;

import io.bindery.e2e.Stack.TestUser;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.bindery.e2e.ContentFixtures.as;
import static io.bindery.e2e.ContentFixtures.createSpace;
import static io.bindery.e2e.ContentFixtures.json;
import static io.bindery.e2e.ContentFixtures.branchPath;
import static io.bindery.e2e.ContentFixtures.branchView;
import static io.bindery.e2e.ContentFixtures.findPage;
import static io.bindery.e2e.ContentFixtures.headRevision;
import static io.bindery.e2e.ContentFixtures.insertPage;
import static io.bindery.e2e.ContentFixtures.markdownAt;
import static io.bindery.e2e.ContentFixtures.merge;
import static io.bindery.e2e.ContentFixtures.newMarkdown;
import static io.bindery.e2e.ContentFixtures.openBranch;
import static io.bindery.e2e.ContentFixtures.seedMain;
import static io.bindery.e2e.ContentFixtures.spacePath;
import static io.bindery.e2e.ContentFixtures.spaceRevision;
import static io.bindery.e2e.ContentFixtures.titles;
import static io.bindery.e2e.ContentFixtures.tree;
import static io.bindery.e2e.ContentFixtures.update;
import static io.bindery.e2e.ContentFixtures.updatePage;
import static io.bindery.e2e.ContentFixtures.written;
import static io.bindery.e2e.Stack.api;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Branches meeting main: merge (the space's revision moves), three-way line-level merges of concurrent branches,
 * conflicts (409, nothing changes), update of an outdated branch, revert_page, and templates.
 */
class ContentMergeE2ETest {
    /** Seven paragraphs: two branches can edit lines far enough apart to merge without conflict. */
    static final String SHARED = String.join("\n\n", "# Shared", "Alpha paragraph.", "Bravo paragraph.",
            "Charlie paragraph.", "Delta paragraph.", "Echo paragraph.", "Foxtrot paragraph.", "Golf paragraph.") + "\n";

    static TestUser owner;
    static String org;

    @BeforeAll
    static void organization() {
        owner = Stack.newUser("example.com");
        org = Stack.newOrg(owner);
    }

    /** Writes main's markdown of the page with one phrase replaced, in the branch (a one-line edit). */
    static void editLine(String space, String branch, String page, String phrase, String replacement) {
        String markdown = markdownAt(owner.token(), spacePath(space) + "/content", page);
        assertTrue(markdown.contains(phrase), "'" + phrase + "' in " + markdown);
        written(owner.token(), space, branch, updatePage(page, "document", newMarkdown(markdown.replace(phrase, replacement))));
    }

    @Test
    void aDuplicateCarriesTheContentAndItsSearchIndex() {
        String space = createSpace(owner.token(), org, json("title", "Original with content"));
        String word = "quokka" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
        String branch = openBranch(space);
        written(owner.token(), space, branch,
                insertPage("Kept page", "# Kept\n\nThe " + word + " stays.\n"));
        merge(space, branch).then().statusCode(200);

        String copy = api(owner.token()).post(spacePath(space) + "/duplicate").then().statusCode(201).extract().path("id");
        api(owner.token()).get(spacePath(copy) + "/content/pages").then().statusCode(200)
                .body("pages.title", equalTo(List.of("Kept page")));
        api(owner.token()).get(spacePath(copy) + "/search?query=" + word).then().statusCode(200)
                .body("items.title", equalTo(List.of("Kept page")));
        // the copy is independent: a change merged into it leaves the original as it was
        String copyBranch = openBranch(copy);
        written(owner.token(), copy, copyBranch,
                insertPage("Only in the copy", "Copy.\n"));
        merge(copy, copyBranch).then().statusCode(200);
        api(owner.token()).get(spacePath(space) + "/content/pages").then().statusCode(200)
                .body("pages.title", equalTo(List.of("Kept page")));
    }

    @Test
    void aMergeMovesTheSpaceToTheBranchHead() {
        String space = createSpace(owner.token(), org, json("title", "Merging"));
        String before = spaceRevision(owner.token(), space);
        String branch = openBranch(space);
        Map<String, String> ids = written(owner.token(), space, branch, insertPage("Merged page", "# Merged\n\nHello main.\n"));
        String page = ids.get("Merged page");
        assertEquals(before, spaceRevision(owner.token(), space), "writing a branch leaves main");

        Response merged = merge(space, branch);
        merged.then().statusCode(200).body("result", equalTo("merge"))
                .body("changeRequest.id", equalTo(branch)).body("changeRequest.status", equalTo("merged"));
        String revision = merged.path("revision");
        assertNotEquals(before, revision);
        assertEquals(revision, spaceRevision(owner.token(), space));
        merged.then().body("changeRequest.revisionMerged", equalTo(revision));
        branchView(space, branch).then().body("status", equalTo("merged")).body("revisionMerged", equalTo(revision));

        String main = spacePath(space) + "/content";
        api(owner.token()).get(main).then().statusCode(200).body("id", equalTo(revision));
        assertEquals(page, findPage(tree(owner.token(), main + "/pages"), "Merged page").get("id"));
        assertThat(markdownAt(owner.token(), main, page), containsString("Hello main."));
        api(owner.token()).get(main + "/path/merged-page").then().statusCode(200).body("id", equalTo(page));

        // once merged, it cannot be merged again; main stays
        merge(space, branch).then().statusCode(409).body("error.code", equalTo(409));
        assertEquals(revision, spaceRevision(owner.token(), space));
        merge(space, "noSuchBranch00000000").then().statusCode(404);
    }

    @Test
    void branchesEditingDifferentLinesOfAPageBothMerge() {
        String space = createSpace(owner.token(), org, json("title", "Line merge"));
        String page = seedMain(owner.token(), space, insertPage("Shared", SHARED)).get("Shared");
        String a = openBranch(space);
        String b = openBranch(space);
        editLine(space, a, page, "Alpha paragraph.", "Alpha paragraph, edited in branch A.");
        editLine(space, b, page, "Golf paragraph.", "Golf paragraph, edited in branch B.");

        merge(space, a).then().statusCode(200);
        Response second = merge(space, b);
        second.then().statusCode(200).body("result", equalTo("merge"));
        assertEquals(second.<String>path("revision"), spaceRevision(owner.token(), space));

        String markdown = markdownAt(owner.token(), spacePath(space) + "/content", page);
        assertThat(markdown, allOf(containsString("Alpha paragraph, edited in branch A."),
                containsString("Golf paragraph, edited in branch B."), containsString("Delta paragraph."),
                not(containsString("Alpha paragraph.\n")), not(containsString("Golf paragraph.\n"))));
    }

    @Test
    void branchesEditingTheSameLineConflict() {
        String space = createSpace(owner.token(), org, json("title", "Conflicts"));
        String page = seedMain(owner.token(), space, insertPage("Contested", SHARED)).get("Contested");
        String a = openBranch(space);
        String b = openBranch(space);
        editLine(space, a, page, "Charlie paragraph.", "Charlie paragraph, as A sees it.");
        editLine(space, b, page, "Charlie paragraph.", "Charlie paragraph, as B sees it.");
        merge(space, a).then().statusCode(200);
        String main = spaceRevision(owner.token(), space);
        String markdown = markdownAt(owner.token(), spacePath(space) + "/content", page);
        String head = headRevision(space, b);

        merge(space, b).then().statusCode(409).body("error.code", equalTo(409))
                .body("error.message", allOf(containsString("Contested"), containsString(page)));
        assertEquals(main, spaceRevision(owner.token(), space), "a refused merge leaves main");
        assertEquals(markdown, markdownAt(owner.token(), spacePath(space) + "/content", page));
        branchView(space, b).then().body("status", equalTo("open")).body("revision", equalTo(head));

        update(space, b).then().statusCode(409).body("error.code", equalTo(409))
                .body("error.message", allOf(containsString("Contested"), containsString(page)));
        branchView(space, b).then().body("revision", equalTo(head)).body("status", equalTo("open"));
        assertThat(markdownAt(owner.token(), branchPath(space, b) + "/content", page), containsString("as B sees it."));
        assertEquals(main, spaceRevision(owner.token(), space));
    }

    @Test
    void aBranchBehindMainUpdatesCleanly() {
        String space = createSpace(owner.token(), org, json("title", "Updates"));
        Map<String, String> ids = seedMain(owner.token(), space,
                insertPage("Left", "# Left\n\nLeft as it was.\n"), insertPage("Right", "# Right\n\nRight as it was.\n"));
        String c = openBranch(space);
        String d = openBranch(space);
        editLine(space, c, ids.get("Left"), "Left as it was.", "Left, edited in C.");
        editLine(space, d, ids.get("Right"), "Right as it was.", "Right, edited in D.");
        branchView(space, c).then().body("outdated", equalTo(false));

        merge(space, d).then().statusCode(200);
        String main = spaceRevision(owner.token(), space);
        branchView(space, c).then().body("outdated", equalTo(true));

        Response updated = update(space, c);
        updated.then().statusCode(200).body("result", equalTo("update"))
                .body("changeRequest.id", equalTo(c)).body("changeRequest.outdated", equalTo(false));
        String head = updated.path("revision");
        branchView(space, c).then().body("outdated", equalTo(false)).body("revision", equalTo(head))
                .body("revisionMergedAncestor", equalTo(main)).body("status", equalTo("open"));
        assertEquals(main, spaceRevision(owner.token(), space), "an update changes the branch only");
        String branchContent = branchPath(space, c) + "/content";
        assertThat(markdownAt(owner.token(), branchContent, ids.get("Left")), containsString("Left, edited in C."));
        assertThat(markdownAt(owner.token(), branchContent, ids.get("Right")), containsString("Right, edited in D."));

        merge(space, c).then().statusCode(200);
        String mainContent = spacePath(space) + "/content";
        assertThat(markdownAt(owner.token(), mainContent, ids.get("Left")), containsString("Left, edited in C."));
        assertThat(markdownAt(owner.token(), mainContent, ids.get("Right")), containsString("Right, edited in D."));
    }

    @Test
    void revertPageGoesBackToTheBaseOrAGivenRevision() {
        String space = createSpace(owner.token(), org, json("title", "Reverts"));
        String page = seedMain(owner.token(), space, insertPage("Revertible", "# Revertible\n\nThe original.\n")).get("Revertible");
        String original = markdownAt(owner.token(), spacePath(space) + "/content", page);
        String branch = openBranch(space);
        String content = branchPath(space, branch) + "/content";

        written(owner.token(), space, branch, updatePage(page, "title", "Renamed", "document", newMarkdown("# Revertible\n\nFirst edit.\n")));
        String firstEdit = headRevision(space, branch);
        written(owner.token(), space, branch, updatePage(page, "document", newMarkdown("# Revertible\n\nSecond edit.\n")));

        written(owner.token(), space, branch, json("operation", "revert_page", "page", page, "revision", firstEdit));
        assertThat(markdownAt(owner.token(), content, page), containsString("First edit."));

        written(owner.token(), space, branch, json("operation", "revert_page", "page", page));
        assertEquals(original, markdownAt(owner.token(), content, page));
        assertEquals(page, findPage(tree(owner.token(), content + "/pages"), "Revertible").get("id"), "the title is back too");
        List<Map<String, Object>> changes = api(owner.token()).get(branchPath(space, branch) + "/changes")
                .then().statusCode(200).extract().path("changes");
        assertTrue(changes.isEmpty(), "a reverted page is no change: " + changes);
        as(owner.token()).body(json("changes", List.of(json("operation", "revert_page", "page", "noSuchPage0000000000"))))
                .post(content).then().statusCode(400);
    }

    @Test
    void templatesFillMainOrABranch() {
        String inMain = createSpace(owner.token(), org, json("title", "Template in main"));
        String before = spaceRevision(owner.token(), inMain);
        as(owner.token()).body(json("id", "product-docs")).post(spacePath(inMain) + "/content/template").then().statusCode(201);
        assertNotEquals(before, spaceRevision(owner.token(), inMain), "a template in main is a new revision");
        List<String> fromTemplate = titles(tree(owner.token(), spacePath(inMain) + "/content/pages"));
        assertFalse(fromTemplate.isEmpty());

        String inBranch = createSpace(owner.token(), org, json("title", "Template in a branch"));
        String mainBefore = spaceRevision(owner.token(), inBranch);
        List<String> mainTitles = titles(tree(owner.token(), spacePath(inBranch) + "/content/pages"));
        String branch = openBranch(inBranch);
        String head = headRevision(inBranch, branch);
        as(owner.token()).body(json("id", "product-docs", "changeRequestId", branch)).post(spacePath(inBranch) + "/content/template")
                .then().statusCode(201);
        assertNotEquals(head, headRevision(inBranch, branch));
        assertEquals(fromTemplate, titles(tree(owner.token(), branchPath(inBranch, branch) + "/content/pages")),
                "the same template gives the same pages");
        assertEquals(mainBefore, spaceRevision(owner.token(), inBranch), "main stays");
        assertEquals(mainTitles, titles(tree(owner.token(), spacePath(inBranch) + "/content/pages")));

        as(owner.token()).body(json("id", "no-such-template")).post(spacePath(inBranch) + "/content/template").then().statusCode(400)
                .body("error.code", equalTo(400)).body("error.message", not(emptyOrNullString()));
        as(owner.token()).body("{}").post(spacePath(inBranch) + "/content/template").then().statusCode(400);
        assertEquals(mainBefore, spaceRevision(owner.token(), inBranch));
    }
}
