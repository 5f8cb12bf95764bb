package io.bindery.integrations.gitsync;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.integrations.testing.ChangeRequestStandIn;
import io.bindery.integrations.testing.ContentStandIn;
import io.bindery.integrations.testing.SpaceContentStandIn;
import io.bindery.integrations.testing.SpaceContentStandIn.Page;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.transport.RefSpec;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.bindery.integrations.testing.IntegrationFixtures.as;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Imports through the API from local bare repositories, written into the space through a change request (review's
 * and content's public API served by {@link ContentStandIn} over real HTTP), and an export read back by an import.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
class GitImportTest {
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 4, 5, 6};

    @TempDir
    Path temp;

    String org;
    String space;
    String admin;
    String editor;

    @BeforeEach
    void setUp() {
        org = Ids.newId();
        space = Ids.newId();
        admin = Ids.newId();
        editor = Ids.newId();
        ADMIN_OF.put(space, admin);
        // a space with pages already: "Install" (guide/install) is in the repository too, "Old" is not
        SpaceContentStandIn.space(space, org, Map.of(admin, "admin", editor, "edit"), List.of(
                new Page("kept-guide", "document", "Guide (old title)", "guide", 0, null, "old guide\n", null),
                new Page("kept-install", "document", "Install", "guide/install", 1, null, "old install\n", null),
                new Page("old", "document", "Old", "old", 0, null, "gone\n", null)), List.of());
    }

    /** A bare repository with one commit of {@code files} on {@code branch}. */
    private Path repository(String name, String branch, Map<String, byte[]> files) throws Exception {
        Path bare = temp.resolve(name);
        Git.init().setBare(true).setDirectory(bare.toFile()).setInitialBranch("main").call().close();
        Path work = temp.resolve(name + "-work");
        try (Git git = Git.cloneRepository().setURI(url(bare)).setDirectory(work.toFile()).call()) {
            for (Map.Entry<String, byte[]> f : files.entrySet()) {
                Path p = work.resolve(f.getKey());
                Files.createDirectories(p.getParent());
                Files.write(p, f.getValue());
            }
            git.add().addFilepattern(".").call();
            git.commit().setMessage("Docs").setAuthor("Writer", "writer@example.com")
                    .setCommitter("Writer", "writer@example.com").call();
            git.push().setRemote("origin").setRefSpecs(new RefSpec("HEAD:refs/heads/" + branch)).call();
        }
        return bare;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static String url(Path repo) {
        return "file://" + repo.toAbsolutePath();
    }

    private JsonPath awaitEnd(String spaceId) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(() -> {
            var r = as(admin).get("/v1/spaces/" + spaceId + "/git/info");
            return r.statusCode() == 200 && !"running".equals(r.jsonPath().getString("operation.state"));
        });
        return as(admin).get("/v1/spaces/" + spaceId + "/git/info").then().statusCode(200).extract().jsonPath();
    }

    private Map<String, byte[]> gitbookRepository() {
        Map<String, byte[]> files = new HashMap<>();
        files.put(".gitbook.yaml", utf8("root: ./docs/\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n"));
        files.put("docs/SUMMARY.md", utf8("""
                # Table of contents

                * [Welcome](README.md)
                * [The guide](guide/README.md)
                  * [Install](guide/install.md)
                    * [On Linux](guide/install/linux.md)

                ## Reference

                * [API](reference/api.md)
                * [Status](https://status.example.com)
                """));
        files.put("docs/README.md", utf8("# Welcome\n\nSee [Linux](guide/install/linux.md#steps) and ![logo](.gitbook/assets/logo.png).\n"));
        files.put("docs/guide/README.md", utf8("---\ndescription: All about it\n---\n\n# The guide\n\nStart [here](install.md).\n"));
        files.put("docs/guide/install.md", utf8("# Install\n\nNew install text.\n"));
        files.put("docs/guide/install/linux.md", utf8("# On Linux\n\n## Steps\n\nBack to [API](../../reference/api.md).\n"));
        files.put("docs/reference/api.md", utf8("# API\n\nThe API.\n"));
        files.put("docs/.gitbook/assets/logo.png", PNG);
        files.put("src/main.c", utf8("int main() {}\n"));
        return files;
    }

    private static Page page(String spaceId, String title) {
        return SpaceContentStandIn.pages(spaceId).stream().filter(p -> p.title().equals(title)).findFirst().orElseThrow();
    }

    @Test
    void importWritesTheRepositoryIntoTheSpaceThroughAMergedChangeRequest() throws Exception {
        Path repo = repository("gitbook.git", "main", gitbookRepository());
        as(admin).body("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/main\"}")
                .post("/v1/spaces/" + space + "/git/import").then().statusCode(204);
        JsonPath info = awaitEnd(space);
        assertEquals("success", info.getString("operation.state"), info.prettify());
        assertEquals("import", info.getString("operation.direction"));

        List<Page> pages = SpaceContentStandIn.pages(space);
        assertEquals(List.of("Welcome@0", "The guide@0", "Install@1", "On Linux@2", "Reference@0", "API@1", "Status@1"),
                pages.stream().map(p -> p.title() + "@" + p.depth()).toList());
        // SUMMARY.md's heading is a group, its external entry a link page
        assertEquals(List.of("document", "document", "document", "document", "group", "document", "link"),
                pages.stream().map(Page::kind).toList());
        assertEquals("https://status.example.com", page(space, "Status").href());
        // pages matched by path keep their ids; the one the repository does not have is gone
        assertEquals("kept-guide", page(space, "The guide").id());
        assertEquals("kept-install", page(space, "Install").id());
        assertEquals("All about it", page(space, "The guide").description());
        assertEquals("New install text.\n", page(space, "Install").markdown());
        assertTrue(pages.stream().noneMatch(p -> p.id().equals("old")));
        // links point at the pages' and files' ids in the space
        String logo = SpaceContentStandIn.files(space).stream().filter(f -> f.name().equals("logo.png")).findFirst()
                .orElseThrow().id();
        assertArrayEquals(PNG, SpaceContentStandIn.files(space).stream().filter(f -> f.id().equals(logo)).findFirst()
                .orElseThrow().bytes());
        assertEquals("See [Linux](/pages/" + page(space, "On Linux").id() + "#steps) and ![logo](/files/" + logo + ").\n",
                page(space, "Welcome").markdown());
        assertEquals("Start [here](/pages/kept-install).\n", page(space, "The guide").markdown());
        assertEquals("## Steps\n\nBack to [API](/pages/" + page(space, "API").id() + ").\n", page(space, "On Linux").markdown());
        assertEquals(Map.of("#" + number(space) + " Import from Git: main at " + info.getString("commit").substring(0, 7),
                "merged"), ChangeRequestStandIn.changeRequests(space));
        // authored and merged for the member who asked, through review's internal API (no user's token kept)
        assertEquals(List.of(admin), List.copyOf(ChangeRequestStandIn.authors(space).values()));
        assertEquals(List.of(admin), ChangeRequestStandIn.mergers(space));

        // the same commit again: the change request changes nothing, the files are not uploaded twice
        as(admin).body("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/main\"}")
                .post("/v1/spaces/" + space + "/git/import").then().statusCode(204);
        assertEquals("success", awaitEnd(space).getString("operation.state"));
        assertEquals(1, SpaceContentStandIn.files(space).size());
        assertEquals(pages.stream().map(Page::id).toList(), SpaceContentStandIn.pages(space).stream().map(Page::id).toList(),
                "the same pages, the group and the link among them, none added twice");
    }

    private static String revisionOf(String spaceId) {
        return as(ADMIN_OF.get(spaceId)).get("/v1/spaces/" + spaceId + "/git/info").jsonPath().getString("revision");
    }

    private static final Map<String, String> ADMIN_OF = new java.util.concurrent.ConcurrentHashMap<>();

    private int number(String spaceId) {
        return Integer.parseInt(ChangeRequestStandIn.changeRequests(spaceId).keySet().iterator().next()
                .replaceFirst("^#(\\d+) .*$", "$1"));
    }

    @Test
    void aConflictLeavesTheChangeRequestOpenAndLosesNothing() throws Exception {
        Path repo = repository("conflict.git", "main", gitbookRepository());
        ChangeRequestStandIn.conflictOn(space, "page Install was changed on both sides");
        as(admin).body("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/main\"}")
                .post("/v1/spaces/" + space + "/git/import").then().statusCode(204);
        JsonPath info = awaitEnd(space);
        assertEquals("failure", info.getString("operation.state"));
        assertTrue(info.getString("operation.error").contains("did not merge (409): page Install was changed on both sides"),
                info.getString("operation.error"));
        assertEquals("old install\n", page(space, "Install").markdown());
        assertEquals("open", ChangeRequestStandIn.changeRequests(space).values().iterator().next());
    }

    @Test
    void anExportReadsBackAsTheSamePages() throws Exception {
        String source = Ids.newId();
        ADMIN_OF.put(source, admin);
        SpaceContentStandIn.space(source, org, Map.of(admin, "admin"), List.of(
                new Page("a", "document", "Home", "home", 0, "Start here", "To [B](/pages/b#x) ![i](/files/f1)\n", null),
                new Page("b", "document", "B", "b", 0, null, "## X\n\nBack [home](/pages/a).\n", null),
                new Page("c", "document", "C", "b/c", 1, "Deep", "| a |\n| --- |\n| 1 |\n", null),
                new Page("g", "group", "Reference", "reference", 0, null, "", null),
                new Page("api", "document", "API", "reference/api", 1, null, "Calls.\n", null),
                new Page("l", "link", "Status page", "reference/status-page", 1, null, "", "https://status.example.com/a b")),
                List.of(new SpaceContentStandIn.File("f1", "pic.png", "image/png", PNG)));
        Path repo = temp.resolve("roundtrip.git");
        Git.init().setBare(true).setDirectory(repo.toFile()).setInitialBranch("main").call().close();
        as(admin).body("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/main\",\"commitMessage\":\"Out\"}")
                .post("/v1/spaces/" + source + "/git/export").then().statusCode(204);
        assertEquals("success", awaitEnd(source).getString("operation.state"));

        // imported into the other space: the same pages, tree, descriptions, markdown (with its ids) and files
        as(admin).body("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/main\"}")
                .post("/v1/spaces/" + space + "/git/import").then().statusCode(204);
        assertEquals("success", awaitEnd(space).getString("operation.state"), awaitEnd(space).prettify());
        List<Page> pages = SpaceContentStandIn.pages(space);
        assertEquals(List.of("Home@0", "B@0", "C@1", "Reference@0", "API@1", "Status page@1"),
                pages.stream().map(p -> p.title() + "@" + p.depth()).toList());
        assertEquals(List.of("document", "document", "document", "group", "document", "link"),
                pages.stream().map(Page::kind).toList());
        assertEquals(List.of("home", "b", "b/c", "reference", "reference/api", "reference/status-page"),
                pages.stream().map(Page::path).toList());
        assertEquals("https://status.example.com/a b", pages.get(5).href());
        assertEquals("Start here", pages.get(0).description());
        assertEquals("Deep", pages.get(2).description());
        String pic = SpaceContentStandIn.files(space).getFirst().id();
        assertEquals("To [B](/pages/" + pages.get(1).id() + "#x) ![i](/files/" + pic + ")\n", pages.get(0).markdown());
        assertEquals("## X\n\nBack [home](/pages/" + pages.get(0).id() + ").\n", pages.get(1).markdown());
        assertEquals("| a |\n| --- |\n| 1 |\n", pages.get(2).markdown());
        assertEquals(List.of("pic.png"), SpaceContentStandIn.files(space).stream().map(SpaceContentStandIn.File::name).toList());

        // the export's own commit is not imported back into the space it came from
        String before = revisionOf(source);
        as(admin).body("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/main\"}")
                .post("/v1/spaces/" + source + "/git/import").then().statusCode(204);
        JsonPath info = awaitEnd(source);
        assertEquals("success", info.getString("operation.state"));
        assertEquals(before, info.getString("revision"));
        assertTrue(ChangeRequestStandIn.changeRequests(source).isEmpty());
    }

    @Test
    void badImportsAreRefused() throws Exception {
        Path repo = repository("bad.git", "main", gitbookRepository());
        String path = "/v1/spaces/" + space + "/git/import";
        as(editor).body("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/main\"}").post(path).then().statusCode(403);
        as(Ids.newId()).body("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/main\"}").post(path).then().statusCode(404);
        as(admin).body("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/main\",\"standalone\":true}").post(path)
                .then().statusCode(400).body("error.message", containsString("standalone"));
        as(admin).body("{\"url\":\"" + url(repo) + "\"}").post(path).then().statusCode(400)
                .body("error.message", containsString("ref is required"));
        // a branch the repository does not have: the operation fails saying so
        as(admin).body("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/nope\"}").post(path).then().statusCode(204);
        JsonPath info = awaitEnd(space);
        assertEquals("failure", info.getString("operation.state"));
        assertEquals("the repository has no refs/heads/nope", info.getString("operation.error"));
        assertNotEquals(0, SpaceContentStandIn.pages(space).size());
    }
}
