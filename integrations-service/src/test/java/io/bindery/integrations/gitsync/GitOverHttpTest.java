package io.bindery.integrations.gitsync;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.GitHttpServer;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.integrations.testing.ContentStandIn;
import io.bindery.integrations.testing.GitTlsCertificates;
import io.bindery.integrations.testing.SpaceContentStandIn;
import io.bindery.integrations.testing.SpaceContentStandIn.Page;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.bindery.integrations.testing.IntegrationFixtures.as;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Export and import over smart HTTP and over HTTPS with basic auth (JGit's GitServlet in Jetty), credentials given
 * in the URL. Over HTTPS the server's certificate is trusted through {@code bindery.git-sync.trusted-certificates}
 * (a company CA's Git server, {@link GitTlsCertificates}); a server whose certificate is not trusted fails the
 * operation with the reason, and nothing is sent to it.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
@WithTestResource(GitTlsCertificates.class)
class GitOverHttpTest {

    @TempDir
    Path temp;

    private JsonPath awaitEnd(String admin, String space) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(() -> {
            var r = as(admin).get("/v1/spaces/" + space + "/git/info");
            return r.statusCode() == 200 && !"running".equals(r.jsonPath().getString("operation.state"));
        });
        return as(admin).get("/v1/spaces/" + space + "/git/info").then().statusCode(200).extract().jsonPath();
    }

    private static Path bareRepositories(Path temp, String... names) throws Exception {
        Path repos = temp.resolve("repos").toAbsolutePath();
        for (String name : names) {
            Git.init().setBare(true).setDirectory(repos.resolve(name).toFile()).setInitialBranch("main").call().close();
        }
        return repos;
    }

    /** A space of two linked pages exported to {@code docs.git} of {@code server}, imported into another space. */
    private void exportThenImport(GitHttpServer server, String org, String admin) {
        String source = Ids.newId();
        String target = Ids.newId();
        SpaceContentStandIn.space(source, org, Map.of(admin, "admin"), List.of(
                new Page("a", "document", "Home", "home", 0, null, "Hello [b](/pages/b).\n", null),
                new Page("b", "document", "Second", "second", 0, null, "Second page.\n", null)), List.of());
        SpaceContentStandIn.space(target, org, Map.of(admin, "admin"), List.of(), List.of());
        as(admin).body("{\"url\":\"" + server.url("docs.git", "bot", "s3cret-pass") + "\",\"ref\":\"refs/heads/main\","
                + "\"commitMessage\":\"Out\"}").post("/v1/spaces/" + source + "/git/export").then().statusCode(204);
        JsonPath exported = awaitEnd(admin, source);
        assertEquals("success", exported.getString("operation.state"), exported.prettify());
        assertEquals(server.url("docs.git", null, null), exported.getString("repository"));
        assertFalse(exported.prettify().contains("s3cret"));

        as(admin).body("{\"url\":\"" + server.url("docs.git", "bot", "s3cret-pass") + "\",\"ref\":\"refs/heads/main\"}")
                .post("/v1/spaces/" + target + "/git/import").then().statusCode(204);
        JsonPath imported = awaitEnd(admin, target);
        assertEquals("success", imported.getString("operation.state"), imported.prettify());
        assertEquals(exported.getString("commit"), imported.getString("commit"));
        List<Page> pages = SpaceContentStandIn.pages(target);
        assertEquals(List.of("Home", "Second"), pages.stream().map(Page::title).toList());
        assertEquals("Hello [b](/pages/" + pages.get(1).id() + ").\n", pages.get(0).markdown());
    }

    @Test
    void exportAndImportThroughAnAuthenticatedHttpServer() throws Exception {
        Path repos = bareRepositories(temp, "docs.git");
        String org = Ids.newId();
        String admin = Ids.newId();
        String space = Ids.newId();
        SpaceContentStandIn.space(space, org, Map.of(admin, "admin"), List.of(
                new Page("a", "document", "Home", "home", 0, null, "Hello.\n", null)), List.of());
        try (GitHttpServer server = new GitHttpServer(repos, "bot", "s3cret-pass")) {
            // a wrong password: a failure that says so without the password
            as(admin).body("{\"url\":\"" + server.url("docs.git", "bot", "wrong-pass") + "\",\"ref\":\"refs/heads/main\","
                    + "\"commitMessage\":\"Out\"}").post("/v1/spaces/" + space + "/git/export").then().statusCode(204);
            JsonPath refused = awaitEnd(admin, space);
            assertEquals("failure", refused.getString("operation.state"));
            assertTrue(refused.getString("operation.error").contains("not authorized")
                    || refused.getString("operation.error").contains("Authentication"), refused.getString("operation.error"));
            assertFalse(refused.prettify().contains("wrong-pass"));

            exportThenImport(server, org, admin);
        }
    }

    @Test
    void exportAndImportThroughAnHttpsServerWhoseCertificateIsTrusted() throws Exception {
        Path repos = bareRepositories(temp, "docs.git", "other.git");
        String org = Ids.newId();
        String admin = Ids.newId();
        String space = Ids.newId();
        SpaceContentStandIn.space(space, org, Map.of(admin, "admin"), List.of(
                new Page("a", "document", "Home", "home", 0, null, "Hello.\n", null)), List.of());
        try (GitHttpServer trusted = new GitHttpServer(repos, "bot", "s3cret-pass", GitTlsCertificates.TRUSTED,
                GitTlsCertificates.PASSWORD);
             GitHttpServer untrusted = new GitHttpServer(repos, "bot", "s3cret-pass", GitTlsCertificates.UNTRUSTED,
                     GitTlsCertificates.PASSWORD)) {
            assertTrue(trusted.url("docs.git", null, null).startsWith("https://127.0.0.1:"));

            // a certificate nobody vouches for: the operation fails saying why, and the repository is untouched
            as(admin).body("{\"url\":\"" + untrusted.url("other.git", "bot", "s3cret-pass") + "\",\"ref\":\"refs/heads/main\","
                    + "\"commitMessage\":\"Out\"}").post("/v1/spaces/" + space + "/git/export").then().statusCode(204);
            JsonPath refused = awaitEnd(admin, space);
            assertEquals("failure", refused.getString("operation.state"), refused.prettify());
            String error = refused.getString("operation.error").toLowerCase(Locale.ROOT);
            assertTrue(error.contains("certification path") && error.contains("bindery.git-sync.trusted-certificates"),
                    refused.getString("operation.error"));
            assertFalse(refused.prettify().contains("s3cret"));
            try (Git other = Git.open(repos.resolve("other.git").toFile())) {
                assertNull(other.getRepository().resolve("refs/heads/main"));
            }

            exportThenImport(trusted, org, admin);
        }
    }
}
