package io.bindery.integrations.gitsync;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.integrations.testing.ContentStandIn;
import io.bindery.integrations.testing.SpaceContentStandIn;
import io.bindery.integrations.testing.SpaceContentStandIn.Page;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static io.bindery.integrations.testing.IntegrationFixtures.as;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Git Sync through the API, against local bare repositories ({@code file://}, allowed in %test) and content's API
 * served by {@link ContentStandIn} over real HTTP.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
class GitSyncTest {
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 1, 2, 3};

    @TempDir
    Path temp;

    String org;
    String space;
    String admin;
    String editor;
    String stranger;
    String revision;

    @BeforeEach
    void setUp() {
        org = Ids.newId();
        space = Ids.newId();
        admin = Ids.newId();
        editor = Ids.newId();
        stranger = Ids.newId();
        TestIdentity.addUser(admin, "Ada Admin", "ada@example.com");
        revision = content("Welcome to [the guide](/pages/guide) and ![logo](/files/logo1).\n");
    }

    private String content(String homeMarkdown) {
        return SpaceContentStandIn.space(space, org, Map.of(admin, "admin", editor, "edit"), List.of(
                new Page("home", "document", "Home", "home", 0, "The start", homeMarkdown, null),
                new Page("guide", "document", "Guide", "guide", 0, null, "Read [install](/pages/install#linux).\n", null),
                new Page("install", "document", "Install", "guide/install", 1, null, "## Linux\n\nRun it.\n", null),
                new Page("ref", "group", "Reference", "reference", 0, null, "", null),
                new Page("api", "document", "API", "reference/api", 1, null, "Back [home](/pages/home).\n", null)),
                List.of(new SpaceContentStandIn.File("logo1", "logo.png", "image/png", PNG)));
    }

    private Path bare(String name) throws Exception {
        Path dir = temp.resolve(name);
        Git.init().setBare(true).setDirectory(dir.toFile()).setInitialBranch("main").call().close();
        return dir;
    }

    private static String url(Path repo) {
        return "file://" + repo.toAbsolutePath();
    }

    private JsonPath awaitEnd(String user) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(() -> {
            var r = as(user).get("/v1/spaces/" + space + "/git/info");
            return r.statusCode() == 200 && !"running".equals(r.jsonPath().getString("operation.state"));
        });
        return as(user).get("/v1/spaces/" + space + "/git/info").then().statusCode(200).extract().jsonPath();
    }

    private static String exportBody(String url, String ref, String extra) {
        return "{\"url\":\"" + url + "\",\"ref\":\"" + ref + "\",\"commitMessage\":\"Export from Bindery\"" + extra + "}";
    }

    private static Map<String, byte[]> files(Repository repo, ObjectId commit) throws IOException {
        Map<String, byte[]> out = new TreeMap<>();
        try (RevWalk walk = new RevWalk(repo); TreeWalk tree = new TreeWalk(repo)) {
            tree.addTree(walk.parseCommit(commit).getTree());
            tree.setRecursive(true);
            while (tree.next()) {
                out.put(tree.getPathString(), repo.open(tree.getObjectId(0), Constants.OBJ_BLOB).getBytes());
            }
        }
        return out;
    }

    @Test
    void exportWritesTheLayoutAsOneCommitWithTheRevisionTrailer() throws Exception {
        Path repo = bare("export.git");
        as(stranger).get("/v1/spaces/" + space + "/git/info").then().statusCode(404);
        as(admin).get("/v1/spaces/" + space + "/git/info").then().statusCode(404)
                .body("error.message", containsString("no Git Sync"));

        as(admin).body(exportBody(url(repo), "refs/heads/main", "")).post("/v1/spaces/" + space + "/git/export")
                .then().statusCode(204);
        JsonPath info = awaitEnd(admin);
        assertEquals("success", info.getString("operation.state"), info.prettify());
        assertEquals("export", info.getString("operation.direction"));
        assertEquals("export", info.getString("repoName"));
        assertEquals("refs/heads/main", info.getString("ref"));
        assertEquals(revision, info.getString("revision"));

        try (Git git = Git.open(repo.toFile())) {
            ObjectId head = git.getRepository().resolve("refs/heads/main");
            assertEquals(head.name(), info.getString("commit"));
            RevCommit commit = git.getRepository().parseCommit(head);
            assertEquals("Export from Bindery\n\nBindery-Revision: " + revision + "\n", commit.getFullMessage());
            assertEquals(0, commit.getParentCount());
            assertEquals("Ada Admin <ada@example.com>", commit.getAuthorIdent().getName() + " <"
                    + commit.getAuthorIdent().getEmailAddress() + ">");
            Map<String, byte[]> tree = files(git.getRepository(), head);
            assertEquals(List.of(".gitbook.yaml", ".gitbook/assets/logo.png", "README.md", "SUMMARY.md",
                    "guide/README.md", "guide/install.md", "reference/api.md"), List.copyOf(tree.keySet()));
            assertArrayEquals(PNG, tree.get(".gitbook/assets/logo.png"));
            assertEquals("---\ndescription: The start\n---\n\n# Home\n\n"
                            + "Welcome to [the guide](guide/README.md) and ![logo](.gitbook/assets/logo.png).\n",
                    new String(tree.get("README.md"), StandardCharsets.UTF_8));
            assertTrue(new String(tree.get("SUMMARY.md"), StandardCharsets.UTF_8).contains("## Reference"));

            // the repository reads back as the same space
            SpaceSnapshot back = GitBookLayout.read(tree);
            assertEquals(List.of("Home", "Guide", "Reference"), back.pages().stream().map(SpaceSnapshot.Page::title).toList());
            assertEquals("Install", back.pages().get(1).pages().getFirst().title());
            assertEquals("Read [install](/pages/guide/install.md#linux).\n", back.pages().get(1).markdown());
        }

        // nothing changed: no new commit
        as(admin).body(exportBody(url(repo), "refs/heads/main", "")).post("/v1/spaces/" + space + "/git/export")
                .then().statusCode(204);
        JsonPath again = awaitEnd(admin);
        assertEquals("success", again.getString("operation.state"));
        assertEquals(info.getString("commit"), again.getString("commit"));

        // an edit in the space: one more commit on top of the first
        String next = content("Welcome, edited.\n");
        as(admin).body(exportBody(url(repo), "refs/heads/main", "")).post("/v1/spaces/" + space + "/git/export")
                .then().statusCode(204);
        JsonPath third = awaitEnd(admin);
        assertEquals("success", third.getString("operation.state"));
        try (Git git = Git.open(repo.toFile())) {
            RevCommit commit = git.getRepository().parseCommit(git.getRepository().resolve("refs/heads/main"));
            assertEquals(third.getString("commit"), commit.name());
            assertEquals(info.getString("commit"), commit.getParent(0).name());
            assertTrue(commit.getFullMessage().endsWith("Bindery-Revision: " + next + "\n"));
        }
        // readers see the state; they may not export
        as(editor).get("/v1/spaces/" + space + "/git/info").then().statusCode(200)
                .body("operation.state", equalTo("success"));
    }

    @Test
    void exportIntoAProjectDirectoryKeepsTheRestOfTheRepository() throws Exception {
        Path repo = bare("mono.git");
        // a repository with code, and old pages in docs/
        Path work = temp.resolve("work");
        try (Git git = Git.cloneRepository().setURI(url(repo)).setDirectory(work.toFile()).call()) {
            Files.createDirectories(work.resolve("src"));
            Files.createDirectories(work.resolve("docs"));
            Files.writeString(work.resolve("src/app.js"), "console.log(1)\n");
            Files.writeString(work.resolve("docs/old.md"), "# Old\n");
            Files.writeString(work.resolve("docs/diagram.drawio"), "<xml/>\n");
            git.add().addFilepattern(".").call();
            git.commit().setMessage("Code").setAuthor("Dev", "dev@example.com").setCommitter("Dev", "dev@example.com").call();
            git.push().setRemote("origin").setRefSpecs(new org.eclipse.jgit.transport.RefSpec("HEAD:refs/heads/docs")).call();
        }
        as(admin).body(exportBody(url(repo), "refs/heads/docs", ",\"repoProjectDirectory\":\"./docs/\""))
                .post("/v1/spaces/" + space + "/git/export").then().statusCode(204);
        JsonPath info = awaitEnd(admin);
        assertEquals("success", info.getString("operation.state"), info.prettify());
        assertEquals("docs/", info.getString("projectDirectory"));
        try (Git git = Git.open(repo.toFile())) {
            ObjectId head = git.getRepository().resolve("refs/heads/docs");
            Map<String, byte[]> tree = files(git.getRepository(), head);
            assertTrue(tree.containsKey("src/app.js"));
            assertTrue(tree.containsKey("docs/diagram.drawio"));
            assertTrue(tree.containsKey("docs/README.md"));
            assertTrue(tree.containsKey("docs/.gitbook.yaml"));
            assertFalse(tree.containsKey("docs/old.md"));
            assertFalse(tree.containsKey("README.md"));
            assertEquals(1, git.getRepository().parseCommit(head).getParentCount());
        }
    }

    @Test
    void aRepositoryThatCannotBeReachedEndsAsAFailureSayingWhy() {
        as(admin).body(exportBody("file://" + temp.resolve("missing.git"), "refs/heads/main", ""))
                .post("/v1/spaces/" + space + "/git/export").then().statusCode(204);
        JsonPath info = awaitEnd(admin);
        assertEquals("failure", info.getString("operation.state"));
        assertTrue(info.getString("operation.error").contains("could not fetch"), info.getString("operation.error"));
        assertTrue(info.getString("operation.endedAt") != null);
    }

    @Test
    void badRequestsAreRefusedWithClearErrors() throws Exception {
        String url = url(bare("bad.git"));
        String path = "/v1/spaces/" + space + "/git/export";
        as(editor).body(exportBody(url, "refs/heads/main", "")).post(path).then().statusCode(403)
                .body("error.message", containsString("admin role"));
        as(stranger).body(exportBody(url, "refs/heads/main", "")).post(path).then().statusCode(404);
        as(admin).body(exportBody(url, "refs/heads/main", "")).post("/v1/spaces/" + Ids.newId() + "/git/export")
                .then().statusCode(404);
        as(admin).body(exportBody(url, "main", "")).post(path).then().statusCode(400)
                .body("error.message", containsString("refs/heads/main"));
        as(admin).body(exportBody(url, "refs/heads/a..b", "")).post(path).then().statusCode(400);
        as(admin).body(exportBody("ftp://example.com/x.git", "refs/heads/main", "")).post(path).then().statusCode(400)
                .body("error.message", containsString("only https"));
        as(admin).body(exportBody("https://127.0.0.1:1/x.git", "refs/heads/main", "")).post(path).then().statusCode(204);
        awaitEnd(admin);
        as(admin).body("{\"url\":\"" + url + "\",\"ref\":\"refs/heads/main\"}").post(path).then().statusCode(400)
                .body("error.message", containsString("commitMessage"));
        as(admin).body(exportBody(url, "refs/heads/main", ",\"repoProjectDirectory\":\"../up\"")).post(path)
                .then().statusCode(400).body("error.message", containsString("repoProjectDirectory"));
        as(admin).body("[]").post(path).then().statusCode(400);
        io.restassured.RestAssured.given().contentType("application/json").body(exportBody(url, "refs/heads/main", ""))
                .post(path).then().statusCode(401);
    }
}
