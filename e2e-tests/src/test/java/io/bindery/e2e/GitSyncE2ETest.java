package io.bindery.e2e;

import io.bindery.commons.testing.GitHttpServer;
import io.bindery.e2e.E2EFixtures.TestOrg;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static io.bindery.e2e.ContentFixtures.newMarkdown;
import static io.bindery.e2e.ContentFixtures.updatePage;
import static io.bindery.e2e.Stack.api;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Git Sync on the running stack (issue 32), with a local bare repository the stack may reach by {@code file://}
 * (the local stack allows it): a GitBook-layout repository imported and read back through the API; continuous sync
 * where a push and its signed webhook become a merged change request that shows on the published site; a change
 * merged in Bindery that becomes one commit with the trailer; and another organization that sees nothing. The
 * GitBook operations go through the conformance filter; the sync and the webhook are Bindery's extension.
 */
class GitSyncE2ETest {
    static final String PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
    static Path temp;

    @BeforeAll
    static void temp() throws Exception {
        temp = Files.createTempDirectory("bindery-gitsync-e2e");
    }

    @AfterAll
    static void clean() throws Exception {
        try (Stream<Path> files = Files.walk(temp)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    static RequestSpecification as(String token) {
        return api(token).contentType(ContentType.JSON);
    }

    /** Bindery's extension (PUT/DELETE git/sync): past the gateway, not checked against GitBook's documents. */
    static RequestSpecification extension(String token) {
        return RestAssured.given().baseUri(Stack.GATEWAY).header("Authorization", "Bearer " + token)
                .contentType(ContentType.JSON);
    }

    @Test
    void aRepositoryImportedSyncedBothWaysAndShownOnTheSite() throws Exception {
        TestOrg org = E2EFixtures.newTestOrg();
        String admin = org.admin().token();
        String stranger = E2EFixtures.newTestOrg().admin().token();
        String space = as(admin).body(Map.of("title", "Synced docs")).post(org.path() + "/spaces").then().statusCode(201)
                .extract().path("id");
        Path repo = temp.resolve("docs.git");
        Git.init().setBare(true).setDirectory(repo.toFile()).setInitialBranch("main").call().close();
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("README.md", utf8("# Home\n\nHello from Git. Read [the install guide](guide/install.md).\n"));
        files.put("SUMMARY.md", utf8("# Table of contents\n\n* [Home](README.md)\n* [Guide](guide/README.md)\n"
                + "  * [Install](guide/install.md)\n"));
        files.put("guide/README.md", utf8("# Guide\n\nAll the guides.\n"));
        files.put("guide/install.md", utf8("---\ndescription: How to install it\n---\n\n# Install\n\n"
                + "![The logo](../.gitbook/assets/logo.png)\n\nRun the installer.\n"));
        files.put(".gitbook/assets/logo.png", Base64.getDecoder().decode(PNG));
        push(repo, files, "Docs", "writer@example.com");
        String url = "file://" + repo.toAbsolutePath();

        // GitBook's import: 204, queued; git/info says when it ended
        as(admin).body(Map.of("url", url, "ref", "refs/heads/main")).post("/v1/spaces/" + space + "/git/import")
                .then().statusCode(204);
        JsonPath info = awaitEnd(admin, space);
        assertEquals("success", info.getString("operation.state"), info.prettify());
        JsonPath pages = as(admin).get("/v1/spaces/" + space + "/content/pages").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of("Home", "Guide"), pages.getList("pages.title"));
        assertEquals(List.of("Install"), pages.getList("pages[1].pages.title"));
        assertEquals("How to install it", pages.getString("pages[1].pages[0].description"));
        as(admin).get("/v1/spaces/" + space + "/content/files").then().statusCode(200)
                .body("items.name", hasItem("logo.png"));
        as(stranger).get("/v1/spaces/" + space + "/git/info").then().statusCode(404);

        // published, as readers and agents see it
        String site = as(admin).body(Map.of("title", "Synced site", "spaces", List.of(space))).post(org.path() + "/sites")
                .then().statusCode(201).extract().path("id");
        as(admin).post(org.path() + "/sites/" + site + "/publish").then().statusCode(200);
        String installPath = pages.getString("pages[1].pages[0].path");
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100)).until(() ->
                visitor().get("/s/" + site + "/" + installPath + ".md").asString().contains("Run the installer."));

        // continuous sync, Git first: nothing to take over, the space already has Git's pages
        JsonPath sync = extension(admin).body(Map.of("url", url, "ref", "refs/heads/main", "priority", "git"))
                .put("/v1/spaces/" + space + "/git/sync").then().statusCode(200).extract().jsonPath();
        String secret = sync.getString("webhookSecret");
        String hook = java.net.URI.create(sync.getString("webhookUrl")).getPath();
        assertEquals("/hooks/git/spaces/" + space, hook);
        assertEquals("success", awaitEnd(admin, space).getString("operation.state"));
        // the Space shows its Git Sync while it is synced (content keeps it from integrations' events): the
        // installation is active once the first sync left both sides in step; a file:// repository has no provider
        // and no address for readers
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(() -> "active".equals(
                as(admin).get("/v1/spaces/" + space).then().statusCode(200).extract().path("gitSync.installationStatus")));
        JsonPath shown = as(admin).get("/v1/spaces/" + space).then().statusCode(200).extract().jsonPath();
        assertEquals(space, shown.getString("gitSync.installationId"), shown.prettify());
        assertEquals("docs", shown.getString("gitSync.repoName"), shown.prettify());
        assertEquals("refs/heads/main", shown.getString("gitSync.ref"), shown.prettify());
        assertNull(shown.get("gitSync.installationProvider"), shown.prettify());
        assertNull(shown.get("gitSync.url"), shown.prettify());
        assertTrue(!shown.prettify().contains(repo.toAbsolutePath().toString()), shown.prettify());
        extension(stranger).body(Map.of("url", url, "ref", "refs/heads/main", "priority", "git"))
                .put("/v1/spaces/" + space + "/git/sync").then().statusCode(404);

        // a push and its webhook: a merged change request, on the site within seconds
        ObjectId pushed = push(repo, Map.of("guide/install.md", utf8("---\ndescription: How to install it\n---\n\n"
                + "# Install\n\n![The logo](../.gitbook/assets/logo.png)\n\nRun the installer, then `make`.\n")),
                "Install with make", "writer@example.com");
        String body = "{\"ref\":\"refs/heads/main\",\"before\":\"0000000000000000000000000000000000000000\",\"after\":\""
                + pushed.name() + "\",\"commits\":[]}";
        RestAssured.given().baseUri(Stack.GATEWAY).contentType(ContentType.JSON).header("X-GitHub-Event", "push")
                .header("X-Hub-Signature-256", "sha256=wrong").body(body).post(hook).then().statusCode(401)
                .body("error.message", containsString("does not match"));
        long t0 = System.nanoTime();
        RestAssured.given().baseUri(Stack.GATEWAY).contentType(ContentType.JSON).header("X-GitHub-Event", "push")
                .header("X-Hub-Signature-256", "sha256=" + hmac(secret, body)).body(body).post(hook)
                .then().statusCode(202);
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).until(() ->
                visitor().get("/s/" + site + "/" + installPath + ".md").asString().contains("then `make`"));
        long pushToSite = (System.nanoTime() - t0) / 1_000_000;
        List<String> merged = as(admin).queryParam("status", "merged").get("/v1/spaces/" + space + "/change-requests")
                .then().statusCode(200).extract().path("items.id");
        assertTrue(merged.size() >= 1, "the push came as a merged change request");

        // a change merged in Bindery: one commit on main with the trailer, and it is not imported back
        ObjectId before = head(repo);
        String home = pages.getString("pages[0].id");
        String cr = ChangeRequestsE2ETest.newChangeRequest(admin, space, "Greet from Bindery");
        ContentFixtures.written(admin, space, cr, updatePage(home, "document", newMarkdown("Hello from Bindery.")));
        long t1 = System.nanoTime();
        ChangeRequestsE2ETest.mergeChangeRequest(admin, space, cr).then().statusCode(200);
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).until(() -> !head(repo).equals(before));
        long mergeToCommit = (System.nanoTime() - t1) / 1_000_000;
        RevCommit commit = commit(repo);
        assertEquals(before, commit.getParent(0).getId());
        assertTrue(commit.getFullMessage().startsWith("Greet from Bindery\n\nBindery-Change-Request: "), commit.getFullMessage());
        assertTrue(read(repo, commit, "README.md").contains("Hello from Bindery."), read(repo, commit, "README.md"));
        info = awaitEnd(admin, space);
        assertEquals("success", info.getString("operation.state"), info.prettify());
        int changeRequests = as(admin).queryParam("status", "merged").get("/v1/spaces/" + space + "/change-requests")
                .then().statusCode(200).extract().path("items.size()");
        String again = "{\"ref\":\"refs/heads/main\",\"after\":\"" + commit.name() + "\",\"commits\":[]}";
        RestAssured.given().baseUri(Stack.GATEWAY).contentType(ContentType.JSON).header("X-GitHub-Event", "push")
                .header("X-Hub-Signature-256", "sha256=" + hmac(secret, again)).body(again).post(hook)
                .then().statusCode(202);
        awaitEnd(admin, space);
        as(admin).queryParam("status", "merged").get("/v1/spaces/" + space + "/change-requests").then().statusCode(200)
                .body("items.size()", equalTo(changeRequests));

        // the same page edited on both sides: Git's edit pushed (no webhook), Bindery's merged meanwhile. The export
        // finds Git's commit not imported and imports it first, through a change request started from the revision
        // last in step with Git: its three-way merge conflicts, so it stays open; Bindery keeps its text, Git its
        // commit, and exports wait for the change request (never last writer wins)
        ObjectId gitSide = push(repo, Map.of("README.md", utf8("# Home\n\nHello from Git's side.\n")), "Home from Git",
                "writer@example.com");
        String both = ChangeRequestsE2ETest.newChangeRequest(admin, space, "Home from Bindery's side");
        ContentFixtures.written(admin, space, both, updatePage(home, "document", newMarkdown("Hello from Bindery's side.")));
        ChangeRequestsE2ETest.mergeChangeRequest(admin, space, both).then().statusCode(200);
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() -> {
            String error = as(admin).get("/v1/spaces/" + space + "/git/info").then().statusCode(200).extract()
                    .path("operation.error");
            return error != null && error.contains("did not merge (409)");
        });
        JsonPath conflict = awaitEnd(admin, space);
        assertEquals("failure", conflict.getString("operation.state"), conflict.prettify());
        assertTrue(conflict.getString("operation.errorAction.label").startsWith("resolve the conflicts of change request #"),
                conflict.prettify());
        List<String> open = as(admin).queryParam("status", "open").get("/v1/spaces/" + space + "/change-requests")
                .then().statusCode(200).extract().path("items.subject");
        assertEquals(1, open.size(), open.toString());
        assertTrue(open.get(0).startsWith("Sync from Git: main "), open.toString());
        assertTrue(as(admin).get("/v1/spaces/" + space + "/content/page/" + home + "?format=markdown").then().statusCode(200)
                .extract().<String>path("markdown").contains("Hello from Bindery's side."));
        assertEquals(gitSide, head(repo));

        extension(admin).delete("/v1/spaces/" + space + "/git/sync").then().statusCode(204);
        // stopped: the Space no longer shows a Git Sync
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(() ->
                as(admin).get("/v1/spaces/" + space).then().statusCode(200).extract().path("gitSync") == null);
        System.out.printf("git sync on the stack: webhook to visible on the site %d ms, merge to pushed commit %d ms%n",
                pushToSite, mergeToCommit);
    }

    /**
     * Export → import gives back the same space: a space written through the API (nested pages, a group, a link page,
     * descriptions, a file, a link between pages) exported to a Git server over HTTPS with basic auth (JGit's
     * GitServlet in Jetty, the certificate the local stack trusts) and imported into another space has
     * the same pages of the same kinds at the same paths, the same markdown (links pointing at the new space's pages)
     * and the same files.
     */
    @Test
    void anExportImportsBackAsTheSameSpace() throws Exception {
        TestOrg org = E2EFixtures.newTestOrg();
        String admin = org.admin().token();
        String source = as(admin).body(Map.of("title", "Exported")).post(org.path() + "/spaces").then().statusCode(201)
                .extract().path("id");
        String target = as(admin).body(Map.of("title", "Imported")).post(org.path() + "/spaces").then().statusCode(201)
                .extract().path("id");
        String cr = ChangeRequestsE2ETest.newChangeRequest(admin, source, "Everything");
        Map<String, String> ids = ContentFixtures.written(admin, source, cr,
                ContentFixtures.insertFile("logo", "logo.png", "image/png", Base64.getDecoder().decode(PNG)),
                ContentFixtures.insertPage("Home", "Welcome.", "description", "Start here"),
                ContentFixtures.insertPage("Guide", "All the guides.", "ref", "guide"),
                ContentFixtures.insertPage("Install", "Run the installer.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n",
                        "into", "guide", "description", "How to install it"),
                ContentFixtures.json("operation", "insert_page", "type", "group", "title", "Reference", "ref", "reference",
                        "document", Map.of()),
                ContentFixtures.insertPage("API", "Calls.", "into", "reference"),
                ContentFixtures.json("operation", "insert_page", "type", "link", "title", "Status", "into", "reference",
                        "href", "https://status.example.com/", "document", Map.of()));
        ContentFixtures.written(admin, source, cr, updatePage(ids.get("Home"), "document",
                newMarkdown("Welcome. Read [the install guide](/pages/" + ids.get("Install") + "#steps).")));
        ChangeRequestsE2ETest.mergeChangeRequest(admin, source, cr).then().statusCode(200);

        // over HTTPS with basic auth: JGit's GitServlet with the certificate the stack trusts (./platform made it)
        Path repos = Files.createTempDirectory(temp, "https").toRealPath();
        Path repo = repos.resolve("roundtrip.git");
        Git.init().setBare(true).setDirectory(repo.toFile()).setInitialBranch("main").call().close();
        try (GitHttpServer server = new GitHttpServer(repos, "bot", "s3cret-pass", Stack.gitTlsDir().resolve("server.p12"),
                Files.readString(Stack.gitTlsDir().resolve("password")).trim())) {
            String url = server.url("roundtrip.git", "bot", "s3cret-pass");
            assertTrue(url.startsWith("https://"), url);
            as(admin).body(Map.of("url", url, "ref", "refs/heads/main", "commitMessage", "Export"))
                    .post("/v1/spaces/" + source + "/git/export").then().statusCode(204);
            JsonPath exported = awaitEnd(admin, source);
            assertEquals("success", exported.getString("operation.state"), exported.prettify());
            assertEquals(server.url("roundtrip.git", null, null), exported.getString("repository"));
            assertTrue(read(repo, commit(repo), "SUMMARY.md").contains("## Reference"), read(repo, commit(repo), "SUMMARY.md"));
            as(admin).body(Map.of("url", url, "ref", "refs/heads/main")).post("/v1/spaces/" + target + "/git/import")
                    .then().statusCode(204);
            JsonPath imported = awaitEnd(admin, target);
            assertEquals("success", imported.getString("operation.state"), imported.prettify());
            assertTrue(!imported.prettify().contains("s3cret"), imported.prettify());
        }

        List<Map<String, Object>> before = ContentFixtures.flatten(ContentFixtures.tree(admin, "/v1/spaces/" + source + "/content/pages"));
        List<Map<String, Object>> after = ContentFixtures.flatten(ContentFixtures.tree(admin, "/v1/spaces/" + target + "/content/pages"));
        assertEquals(shape(before), shape(after));
        Map<String, String> newIds = new LinkedHashMap<>();
        for (int i = 0; i < before.size(); i++) {
            newIds.put((String) before.get(i).get("id"), (String) after.get(i).get("id"));
        }
        for (int i = 0; i < before.size(); i++) {
            if (!"document".equals(before.get(i).get("type"))) {
                continue;
            }
            String markdown = ContentFixtures.markdownAt(admin, "/v1/spaces/" + source + "/content", (String) before.get(i).get("id"));
            for (Map.Entry<String, String> e : newIds.entrySet()) {
                markdown = markdown.replace("/pages/" + e.getKey(), "/pages/" + e.getValue());
            }
            // a file in Git ends with a line break, which the export adds where the page had none
            assertEquals(markdown.stripTrailing(), ContentFixtures.markdownAt(admin, "/v1/spaces/" + target + "/content",
                    (String) after.get(i).get("id")).stripTrailing(), "the markdown of " + before.get(i).get("title"));
        }
        assertEquals(files(admin, source), files(admin, target));
    }

    /**
     * Continuous sync with a Git server over HTTPS and basic auth (credentials given to PUT git/sync, sealed): ten
     * round trips, each a change merged in Bindery (one commit with the trailer) and a push to Git (one merged change
     * request, through its webhook), end with exactly twenty new commits and twenty merged change requests and
     * nothing moving afterwards (no ping-pong); then a protected main sends the next merge to bindery/cr-<n>.
     */
    @Test
    void tenRoundTripsOverHttpsThenAProtectedBranch() throws Exception {
        TestOrg org = E2EFixtures.newTestOrg();
        String admin = org.admin().token();
        String space = as(admin).body(Map.of("title", "Round trips")).post(org.path() + "/spaces").then().statusCode(201)
                .extract().path("id");
        Path repos = Files.createTempDirectory(temp, "rounds").toRealPath();
        Path repo = repos.resolve("docs.git");
        Git.init().setBare(true).setDirectory(repo.toFile()).setInitialBranch("main").call().close();
        push(repo, Map.of("README.md", utf8("# Home\n\nHello.\n"), "SUMMARY.md", utf8("# Table of contents\n\n"
                + "* [Home](README.md)\n* [Guide](guide.md)\n"), "guide.md", utf8("# Guide\n\nStart.\n")),
                "Docs", "writer@example.com");
        try (GitHttpServer server = new GitHttpServer(repos, "bot", "s3cret-pass", Stack.gitTlsDir().resolve("server.p12"),
                Files.readString(Stack.gitTlsDir().resolve("password")).trim())) {
            JsonPath sync = extension(admin).body(Map.of("url", server.url("docs.git", null, null), "ref", "refs/heads/main",
                    "priority", "git", "credentials", Map.of("username", "bot", "password", "s3cret-pass")))
                    .put("/v1/spaces/" + space + "/git/sync").then().statusCode(200).extract().jsonPath();
            assertTrue(!sync.prettify().contains("s3cret-pass"), sync.prettify());
            String secret = sync.getString("webhookSecret");
            String hook = java.net.URI.create(sync.getString("webhookUrl")).getPath();
            assertEquals("success", awaitEnd(admin, space).getString("operation.state"));
            JsonPath pages = as(admin).get("/v1/spaces/" + space + "/content/pages").then().statusCode(200).extract().jsonPath();
            String home = pages.getString("pages[0].id");
            String guide = pages.getString("pages[1].id");
            ObjectId start = head(repo);
            int mergedBefore = merged(admin, space);

            for (int round = 1; round <= 10; round++) {
                ObjectId before = head(repo);
                String cr = ChangeRequestsE2ETest.newChangeRequest(admin, space, "Round " + round + " from Bindery");
                ContentFixtures.written(admin, space, cr, updatePage(home, "document", newMarkdown("Hello, round " + round + ".")));
                ChangeRequestsE2ETest.mergeChangeRequest(admin, space, cr).then().statusCode(200);
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).until(() -> !head(repo).equals(before));
                assertTrue(commit(repo).getFullMessage().contains("Bindery-Change-Request: "), commit(repo).getFullMessage());
                awaitEnd(admin, space);

                String text = "Start, round " + round + ".";
                ObjectId pushed = push(repo, Map.of("guide.md", utf8("# Guide\n\n" + text + "\n")), "Round " + round
                        + " from Git", "writer@example.com");
                String body = "{\"ref\":\"refs/heads/main\",\"after\":\"" + pushed.name() + "\",\"commits\":[]}";
                RestAssured.given().baseUri(Stack.GATEWAY).contentType(ContentType.JSON).header("X-GitHub-Event", "push")
                        .header("X-Hub-Signature-256", "sha256=" + hmac(secret, body)).body(body).post(hook)
                        .then().statusCode(202);
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).until(() ->
                        ContentFixtures.markdownAt(admin, "/v1/spaces/" + space + "/content", guide).contains(text));
                awaitEnd(admin, space);
            }
            // twenty commits (ten of each side), twenty merged change requests, and then nothing moves
            assertEquals(20, commitsSince(repo, start));
            assertEquals(mergedBefore + 20, merged(admin, space));
            ObjectId settled = head(repo);
            String again = "{\"ref\":\"refs/heads/main\",\"after\":\"" + settled.name() + "\",\"commits\":[]}";
            RestAssured.given().baseUri(Stack.GATEWAY).contentType(ContentType.JSON).header("X-GitHub-Event", "push")
                    .header("X-Hub-Signature-256", "sha256=" + hmac(secret, again)).body(again).post(hook).then().statusCode(202);
            assertEquals("success", awaitEnd(admin, space).getString("operation.state"));
            Thread.sleep(2000);
            assertEquals(settled, head(repo));
            assertEquals(mergedBefore + 20, merged(admin, space));
            assertTrue(ContentFixtures.markdownAt(admin, "/v1/spaces/" + space + "/content", home).contains("Hello, round 10."));

            // a protected main: the next merge goes to bindery/cr-<n>, main stays, nothing is forced
            server.protect("refs/heads/main");
            String cr = ChangeRequestsE2ETest.newChangeRequest(admin, space, "Protected change");
            ContentFixtures.written(admin, space, cr, updatePage(home, "document", newMarkdown("Hello, protected.")));
            ChangeRequestsE2ETest.mergeChangeRequest(admin, space, cr).then().statusCode(200);
            int number = as(admin).get("/v1/spaces/" + space + "/change-requests/" + cr).then().statusCode(200)
                    .extract().path("number");
            String branch = "refs/heads/bindery/cr-" + number;
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(() -> ref(repo, branch) != null);
            JsonPath info = awaitEnd(admin, space);
            assertEquals("failure", info.getString("operation.state"), info.prettify());
            assertTrue(info.getString("operation.error").contains(branch), info.prettify());
            assertTrue(info.getString("operation.errorAction.label").startsWith("merge " + branch + " into refs/heads/main"),
                    info.prettify());
            assertEquals(settled, head(repo));
            assertTrue(read(repo, commitOf(repo, branch), "README.md").contains("Hello, protected."));
            extension(admin).delete("/v1/spaces/" + space + "/git/sync").then().statusCode(204);
        }
    }

    private static int merged(String token, String space) {
        return as(token).queryParam("status", "merged").queryParam("limit", 100)
                .get("/v1/spaces/" + space + "/change-requests").then().statusCode(200).extract().path("items.size()");
    }

    static int commitsSince(Path bare, ObjectId since) throws Exception {
        try (Git git = Git.open(bare.toFile())) {
            int n = 0;
            for (RevCommit ignored : git.log().addRange(since, head(bare)).call()) {
                n++;
            }
            return n;
        }
    }

    static ObjectId ref(Path bare, String ref) throws Exception {
        try (Git git = Git.open(bare.toFile())) {
            return git.getRepository().resolve(ref);
        }
    }

    static RevCommit commitOf(Path bare, String ref) throws Exception {
        try (Git git = Git.open(bare.toFile())) {
            return git.getRepository().parseCommit(git.getRepository().resolve(ref));
        }
    }

    /** What export → import must keep of each page: its place (path, depth first), kind, title and fields. */
    private static List<String> shape(List<Map<String, Object>> pages) {
        return pages.stream().map(p -> p.get("path") + " " + p.get("type") + " " + p.get("title") + " "
                + p.get("description") + " " + p.get("href")).toList();
    }

    private static List<String> files(String token, String space) {
        List<Map<String, Object>> items = as(token).get("/v1/spaces/" + space + "/content/files").then().statusCode(200)
                .extract().path("items");
        return items.stream().map(f -> f.get("name") + " " + f.get("contentType") + " " + f.get("size")).sorted().toList();
    }

    static RequestSpecification visitor() {
        return RestAssured.given().baseUri(Stack.GATEWAY);
    }

    /**
     * git/info once no operation is running: the answer that said so, not a second read, in which the next operation
     * (an export a merge event asked for, say) may already be running.
     */
    static JsonPath awaitEnd(String token, String space) {
        JsonPath[] ended = new JsonPath[1];
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() -> {
            var r = as(token).get("/v1/spaces/" + space + "/git/info");
            if (r.statusCode() != 200 || "running".equals(r.jsonPath().getString("operation.state"))) {
                return false;
            }
            ended[0] = r.jsonPath();
            return true;
        });
        return ended[0];
    }

    /** Commits {@code files} on main from a fresh clone, as a writer would, and pushes it. */
    static ObjectId push(Path bare, Map<String, byte[]> files, String message, String email) throws Exception {
        Path work = Files.createTempDirectory(temp, "work");
        try (Git git = Git.cloneRepository().setURI("file://" + bare.toAbsolutePath()).setDirectory(work.toFile()).call()) {
            for (Map.Entry<String, byte[]> f : files.entrySet()) {
                Path p = work.resolve(f.getKey());
                Files.createDirectories(p.getParent());
                Files.write(p, f.getValue());
            }
            git.add().addFilepattern(".").call();
            RevCommit c = git.commit().setMessage(message).setAuthor("Writer", email).setCommitter("Writer", email).call();
            git.push().setRemote("origin").setRefSpecs(new RefSpec("HEAD:refs/heads/main")).call();
            return c.getId();
        }
    }

    static ObjectId head(Path bare) throws Exception {
        try (Git git = Git.open(bare.toFile())) {
            return git.getRepository().resolve("refs/heads/main");
        }
    }

    static RevCommit commit(Path bare) throws Exception {
        try (Git git = Git.open(bare.toFile())) {
            return git.getRepository().parseCommit(git.getRepository().resolve("refs/heads/main"));
        }
    }

    static String read(Path bare, RevCommit commit, String path) throws Exception {
        try (Git git = Git.open(bare.toFile());
             TreeWalk walk = TreeWalk.forPath(git.getRepository(), path, commit.getTree())) {
            return walk == null ? "" : new String(git.getRepository().open(walk.getObjectId(0)).getBytes(), StandardCharsets.UTF_8);
        }
    }

    static String hmac(String secret, String body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
