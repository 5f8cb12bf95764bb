package io.bindery.integrations.gitsync;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.commons.testing.TopicEvents;
import io.bindery.contracts.integrations.IntegrationsEventTypes;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.contracts.testing.ContractFixtures;
import io.bindery.integrations.testing.ChangeRequestStandIn;
import io.bindery.integrations.testing.ContentStandIn;
import io.bindery.commons.testing.GitHttpServer;
import io.bindery.integrations.testing.GitSshServer;
import io.bindery.integrations.testing.IntegrationFixtures;
import io.bindery.integrations.testing.Platform;
import io.bindery.integrations.testing.Receiver;
import io.bindery.integrations.testing.SpaceContentStandIn;
import io.bindery.integrations.testing.SpaceContentStandIn.Page;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.transport.UsernamePasswordCredentialsProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.bindery.integrations.testing.IntegrationFixtures.as;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Continuous Git Sync (PUT/DELETE git/sync, webhooks, the poll, merged change requests exported): local bare
 * repositories over file:// and over smart HTTP with basic auth ({@link GitHttpServer}), review's and content's
 * APIs served by {@link ContentStandIn}, review's merge events on the real Kafka topic.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
class GitContinuousSyncTest {
    @TempDir
    Path temp;
    @Inject
    ObjectMapper json;
    @Inject
    EntityManager em;
    @Inject
    GitSyncLoop loop;
    @Inject
    io.bindery.commons.projection.UserDirectory users;
    @Inject
    io.bindery.commons.projection.MembershipProjection memberships;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String kafka;

    String org;
    String space;
    String admin;
    String editor;

    @BeforeEach
    void setUp() throws Exception {
        org = Ids.newId();
        admin = Ids.newId();
        // known from content's events too, as a real space is (integration events of its merges need it)
        space = Platform.space(kafka, json, em, org, "Synced", java.util.Set.of(admin)).id();
        editor = Ids.newId();
        TestIdentity.addUser(admin, "Ada Admin", "ada@example.com");
        SpaceContentStandIn.space(space, org, Map.of(admin, "admin", editor, "edit"), List.of(
                new Page("home", "document", "Home", "home", 0, null, "Hello.\n", null)), List.of());
    }

    @AfterEach
    void stop() {
        // stale synced rows would be polled by later runs
        as(admin).delete("/v1/spaces/" + space + "/git/sync");
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** A bare repository with a GitBook layout of two pages on main; its work clone is {@code name-work}. */
    private Path repository(String name) throws Exception {
        Path bare = temp.resolve(name);
        Git.init().setBare(true).setDirectory(bare.toFile()).setInitialBranch("main").call().close();
        commit(bare, Map.of("README.md", "# Home\n\nHello from Git.\n", "SUMMARY.md",
                "# Table of contents\n\n* [Home](README.md)\n* [Guide](guide.md)\n", "guide.md", "# Guide\n\nRead me.\n"),
                "Docs");
        return bare;
    }

    /** Commits {@code files} on main of {@code bare} (as a writer would, from a fresh clone) and pushes it. */
    private ObjectId commit(Path bare, Map<String, String> files, String message) throws Exception {
        return commitAs(bare, files, message, "Writer", "writer@example.com");
    }

    /** {@link #commit} authored and committed by {@code name <email>}. */
    private ObjectId commitAs(Path bare, Map<String, String> files, String message, String name, String email)
            throws Exception {
        Path work = Files.createTempDirectory(temp, "work");
        try (Git git = Git.cloneRepository().setURI("file://" + bare.toAbsolutePath()).setDirectory(work.toFile()).call()) {
            for (Map.Entry<String, String> f : files.entrySet()) {
                Path p = work.resolve(f.getKey());
                Files.createDirectories(p.getParent());
                Files.write(p, utf8(f.getValue()));
            }
            git.add().addFilepattern(".").call();
            RevCommit c = git.commit().setMessage(message).setAuthor(name, email).setCommitter(name, email).call();
            git.push().setRemote("origin").setRefSpecs(new RefSpec("HEAD:refs/heads/main")).call();
            return c;
        }
    }

    /** Removes {@code paths} from main of {@code bare} ({@code git rm}), writes {@code files}, and pushes. */
    private ObjectId remove(Path bare, List<String> paths, Map<String, String> files, String message) throws Exception {
        Path work = Files.createTempDirectory(temp, "work");
        try (Git git = Git.cloneRepository().setURI("file://" + bare.toAbsolutePath()).setDirectory(work.toFile()).call()) {
            for (String path : paths) {
                git.rm().addFilepattern(path).call();
            }
            for (Map.Entry<String, String> f : files.entrySet()) {
                Files.write(work.resolve(f.getKey()), utf8(f.getValue()));
            }
            git.add().addFilepattern(".").call();
            RevCommit c = git.commit().setMessage(message).setAuthor("Writer", "writer@example.com")
                    .setCommitter("Writer", "writer@example.com").call();
            git.push().setRemote("origin").setRefSpecs(new RefSpec("HEAD:refs/heads/main")).call();
            return c;
        }
    }

    /** The paths of the files on {@code ref} of {@code bare}. */
    private static java.util.Set<String> paths(Path bare, String ref) throws Exception {
        java.util.Set<String> out = new java.util.TreeSet<>();
        try (Git git = Git.open(bare.toFile()); TreeWalk walk =
                new TreeWalk(git.getRepository())) {
            walk.addTree(git.getRepository().parseCommit(git.getRepository().resolve(ref)).getTree());
            walk.setRecursive(true);
            while (walk.next()) {
                out.add(walk.getPathString());
            }
        }
        return out;
    }

    private static ObjectId head(Path bare, String ref) throws Exception {
        try (Git git = Git.open(bare.toFile())) {
            return git.getRepository().resolve(ref);
        }
    }

    private static RevCommit commitOf(Path bare, String ref) throws Exception {
        try (Git git = Git.open(bare.toFile())) {
            return git.getRepository().parseCommit(git.getRepository().resolve(ref));
        }
    }

    private static String url(Path repo) {
        return "file://" + repo.toAbsolutePath();
    }

    private JsonPath awaitEnd() {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(() -> {
            var r = as(admin).get("/v1/spaces/" + space + "/git/info");
            return r.statusCode() == 200 && !"running".equals(r.jsonPath().getString("operation.state"));
        });
        return as(admin).get("/v1/spaces/" + space + "/git/info").then().statusCode(200).extract().jsonPath();
    }

    private JsonPath sync(String body) {
        JsonPath answer = as(admin).body(body).put("/v1/spaces/" + space + "/git/sync").then().statusCode(200)
                .extract().jsonPath();
        JsonPath info = awaitEnd();
        assertEquals("success", info.getString("operation.state"), info.prettify());
        return answer;
    }

    private static String hmac(String secret, String body) {
        return GitWebhooks.hmac(secret, utf8(body));
    }

    private Response hook(Map<String, String> headers, String body) {
        var request = given().contentType("application/json").body(body);
        headers.forEach(request::header);
        return request.post("/hooks/git/spaces/" + space);
    }

    private static String push(String ref, ObjectId after) {
        return "{\"ref\":\"" + ref + "\",\"before\":\"0000000000000000000000000000000000000000\",\"after\":\""
                + after.name() + "\",\"commits\":[]}";
    }

    private Page page(String title) {
        return SpaceContentStandIn.pages(space).stream().filter(p -> p.title().equals(title)).findFirst().orElseThrow();
    }

    private int changeRequests() {
        return ChangeRequestStandIn.changeRequests(space).size();
    }

    /** A change request merged in Bindery: the space's content changes, and review's event is published. */
    private String mergeInBindery(String crId, int number, String subject, String homeMarkdown) throws Exception {
        List<Page> pages = SpaceContentStandIn.pages(space).stream().map(p -> p.title().equals("Home")
                ? new Page(p.id(), p.kind(), p.title(), p.path(), p.depth(), p.description(), homeMarkdown, p.href())
                : p).toList();
        String revision = SpaceContentStandIn.space(space, org, Map.of(admin, "admin", editor, "edit"), pages,
                SpaceContentStandIn.files(space));
        mergedEvent(crId, number, subject, revision);
        return revision;
    }

    private void mergedEvent(String crId, int number, String subject) throws Exception {
        mergedEvent(crId, number, subject, null);
    }

    /** Review's merged event; {@code revision}: the revision the merge produced (revisionMerged), null for none. */
    private void mergedEvent(String crId, int number, String subject, String revision) throws Exception {
        mergedEvent(crId, number, subject, revision, admin, "Ada Admin");
    }

    /** {@link #mergedEvent(String, int, String, String)} of a change request by {@code author}. */
    private void mergedEvent(String crId, int number, String subject, String revision, String author, String authorName)
            throws Exception {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("object", "change-request");
        view.put("id", crId);
        view.put("number", number);
        view.put("status", "merged");
        view.put("subject", subject);
        view.put("space", space);
        if (revision != null) {
            view.put("revisionMerged", revision);
        }
        view.put("createdBy", Map.of("object", "user", "id", author, "displayName", authorName));
        view.put("urls", Map.of("app", "http://127.0.0.1:8080/o/" + org + "/s/" + space + "/~/changes/" + number));
        try (TopicEvents review = new TopicEvents(kafka, json, ReviewEventTypes.TOPIC, "/bindery/review-service")) {
            review.send(crId, review.event(Ids.newId(), ReviewEventTypes.CHANGE_REQUEST_MERGED, crId, Instant.now(), view));
        }
    }

    @Test
    void putAndDeleteManageTheSyncWithoutEverShowingTheCredentials() throws Exception {
        Path repos = temp.resolve("repos").toAbsolutePath();
        Git.init().setBare(true).setDirectory(repos.resolve("docs.git").toFile()).setInitialBranch("main").call().close();
        try (GitHttpServer server = new GitHttpServer(repos, "bot", "s3cret-pass")) {
            String path = "/v1/spaces/" + space + "/git/sync";
            String body = "{\"url\":\"" + server.url("docs.git", null, null) + "\",\"ref\":\"refs/heads/main\","
                    + "\"priority\":\"bindery\",\"credentials\":{\"username\":\"bot\",\"password\":\"s3cret-pass\"}}";
            // not an admin of the space: 403; another organization's user: 404
            as(editor).body(body).put(path).then().statusCode(403).body("error.code", is(403));
            as(Ids.newId()).body(body).put(path).then().statusCode(404);
            // bad bodies
            as(admin).body("{\"url\":\"" + server.url("docs.git", null, null) + "\",\"ref\":\"refs/heads/main\"}")
                    .put(path).then().statusCode(400).body("error.message", containsString("priority is required"));
            as(admin).body(body.replace("\"bindery\"", "\"both\"")).put(path).then().statusCode(400)
                    .body("error.message", containsString("priority must be"));
            as(admin).body(body.replace("{\"username\":\"bot\",\"password\":\"s3cret-pass\"}", "{\"sshPrivateKey\":\"k\"}"))
                    .put(path).then().statusCode(400).body("error.message", containsString("SSH"));
            as(admin).body(body.replace("{\"username\":\"bot\",\"password\":\"s3cret-pass\"}", "\"bot\""))
                    .put(path).then().statusCode(400).body("error.message", containsString("credentials must be"));
            as(admin).body(body.replace("refs/heads/main", "main")).put(path).then().statusCode(400);

            JsonPath answer = as(admin).body(body).put(path).then().statusCode(200)
                    .body("webhookUrl", endsWith("/hooks/git/spaces/" + space))
                    .body("webhookSecret", matchesPattern("[0-9a-f]{64}")).extract().jsonPath();
            assertFalse(answer.prettify().contains("s3cret"), answer.prettify());
            assertTrue(answer.getBoolean("synced"));
            // Bindery has priority: the space is exported as the first sync, with the stored credentials
            JsonPath info = awaitEnd();
            assertEquals("success", info.getString("operation.state"), info.prettify());
            assertEquals("export", info.getString("operation.direction"));
            assertFalse(info.prettify().contains("s3cret"));
            assertFalse(info.prettify().contains(answer.getString("webhookSecret")));
            RevCommit first = commitOf(repos.resolve("docs.git"), "refs/heads/main");
            assertTrue(first.getFullMessage().startsWith("Sync from Bindery\n\n"), first.getFullMessage());
            assertEquals(first.name(), info.getString("commit"));
            // stored sealed: neither the password nor the webhook secret is in the row
            byte[] sealed = QuarkusTransaction.requiringNew().call(() -> (byte[]) em.createNativeQuery(
                    "SELECT secrets FROM git_sync WHERE space_id = :s").setParameter("s", space).getSingleResult());
            String raw = new String(sealed, StandardCharsets.ISO_8859_1);
            assertFalse(raw.contains("s3cret") || raw.contains(answer.getString("webhookSecret")) || raw.contains("bot"));

            as(editor).delete(path).then().statusCode(403);
            as(admin).delete(path).then().statusCode(204);
            as(admin).delete(path).then().statusCode(404).body("error.message", containsString("not synced"));
            JsonPath after = as(admin).get("/v1/spaces/" + space + "/git/info").then().statusCode(200).extract().jsonPath();
            assertNull(after.get("synced"));
            assertNull(QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery(
                    "SELECT secrets FROM git_sync WHERE space_id = :s").setParameter("s", space).getSingleResult()));
            // the webhook of a space no longer synced
            hook(Map.of("X-Gitlab-Token", answer.getString("webhookSecret"), "X-Gitlab-Event", "Push Hook"),
                    push("refs/heads/main", first)).then().statusCode(404);
        }
    }

    @Test
    void webhooksOfEachProviderAreVerifiedAndAPushBecomesAMergedChangeRequest() throws Exception {
        Path repo = repository("hooks.git");
        String secret = sync("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/main\",\"priority\":\"git\"}")
                .getString("webhookSecret");
        // Git has priority: its pages replace the space's, through one merged change request
        assertEquals("Hello from Git.\n", page("Home").markdown());
        assertEquals(1, changeRequests());

        Map<String, Map<String, String>> providers = new LinkedHashMap<>();
        int n = 0;
        for (String provider : List.of("github", "gitlab", "gitea")) {
            n++;
            ObjectId after = commit(repo, Map.of("guide.md", "# Guide\n\nEdit " + n + " on " + provider + ".\n"),
                    "Edit " + n);
            String body = push("refs/heads/main", after);
            Map<String, String> good = switch (provider) {
                case "github" -> Map.of("X-GitHub-Event", "push", "X-Hub-Signature-256", "sha256=" + hmac(secret, body));
                case "gitlab" -> Map.of("X-Gitlab-Event", "Push Hook", "X-Gitlab-Token", secret);
                default -> Map.of("X-Gitea-Event", "push", "X-Gitea-Signature", hmac(secret, body));
            };
            Map<String, String> bad = switch (provider) {
                case "github" -> Map.of("X-GitHub-Event", "push", "X-Hub-Signature-256", "sha256=" + hmac("wrong", body));
                case "gitlab" -> Map.of("X-Gitlab-Event", "Push Hook", "X-Gitlab-Token", "wrong");
                default -> Map.of("X-Gitea-Event", "push", "X-Gitea-Signature", hmac(secret, body + " "));
            };
            providers.put(provider, good);
            // a wrong signature, or none: 401 with the error body, and nothing happens
            hook(bad, body).then().statusCode(401).body("error.message", containsString("does not match"));
            hook(Map.of("X-GitHub-Event", "push"), body).then().statusCode(401)
                    .body("error.message", containsString("not signed"));
            Thread.sleep(300);
            assertEquals(n, changeRequests());
            // a push to another branch is ignored
            String other = push("refs/heads/feature", after);
            Map<String, String> otherHeaders = new LinkedHashMap<>(good);
            if (provider.equals("github")) {
                otherHeaders.put("X-Hub-Signature-256", "sha256=" + hmac(secret, other));
            } else if (provider.equals("gitea")) {
                otherHeaders.put("X-Gitea-Signature", hmac(secret, other));
            }
            hook(otherHeaders, other).then().statusCode(202).body("result", is("ignored"));
            // the push: one change request with the commit, merged
            hook(good, body).then().statusCode(202).body("result", is("queued"));
            String expected = "Edit " + n + " on " + provider + ".\n";
            await().atMost(Duration.ofSeconds(30)).until(() -> page("Guide").markdown().equals(expected));
            JsonPath info = awaitEnd();
            assertEquals("success", info.getString("operation.state"), info.prettify());
            assertEquals(after.name(), info.getString("commit"));
            assertEquals(n + 1, changeRequests());
            assertTrue(ChangeRequestStandIn.changeRequests(space).values().stream().allMatch("merged"::equals));
        }
        // a ping (GitHub's first delivery) is accepted and ignored
        String ping = "{\"zen\":\"Keep it simple.\"}";
        hook(Map.of("X-GitHub-Event", "ping", "X-Hub-Signature-256", "sha256=" + hmac(secret, ping)), ping)
                .then().statusCode(202).body("result", is("ignored"));
    }

    @Test
    void pagesAndFilesRemovedOnEitherSideAreRemovedOnTheOther() throws Exception {
        Path repo = temp.resolve("removals.git");
        Git.init().setBare(true).setDirectory(repo.toFile()).setInitialBranch("main").call().close();
        commit(repo, Map.of("README.md", "# Home\n\nHello.\n", "SUMMARY.md", "# Table of contents\n\n"
                        + "* [Home](README.md)\n* [Guide](guide.md)\n* [Old](old.md)\n",
                "guide.md", "# Guide\n\n![logo](.gitbook/assets/logo.txt)\n", "old.md", "# Old\n\nSee [notes](.gitbook/assets/notes.txt).\n",
                ".gitbook/assets/logo.txt", "logo", ".gitbook/assets/notes.txt", "some notes"), "Docs");
        String secret = sync("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/main\",\"priority\":\"git\"}")
                .getString("webhookSecret");
        assertEquals(List.of("Home", "Guide", "Old"), SpaceContentStandIn.pages(space).stream().map(Page::title).toList());
        assertEquals(List.of("logo.txt", "notes.txt"), SpaceContentStandIn.files(space).stream()
                .map(SpaceContentStandIn.File::name).sorted().toList());

        // Git → Bindery: a page and a file removed in Git leave the space through the import's change request
        ObjectId removed = remove(repo, List.of("old.md", ".gitbook/assets/notes.txt"), Map.of("SUMMARY.md",
                "# Table of contents\n\n* [Home](README.md)\n* [Guide](guide.md)\n"), "Remove Old");
        String body = push("refs/heads/main", removed);
        hook(Map.of("X-Gitlab-Event", "Push Hook", "X-Gitlab-Token", secret), body).then().statusCode(202);
        await().atMost(Duration.ofSeconds(30)).until(() -> SpaceContentStandIn.pages(space).size() == 2);
        JsonPath info = awaitEnd();
        assertEquals("success", info.getString("operation.state"), info.prettify());
        assertEquals(List.of("Home", "Guide"), SpaceContentStandIn.pages(space).stream().map(Page::title).toList());
        assertEquals(List.of("logo.txt"), SpaceContentStandIn.files(space).stream()
                .map(SpaceContentStandIn.File::name).toList());
        assertTrue(ChangeRequestStandIn.changeRequests(space).values().stream().allMatch("merged"::equals));

        // Bindery → Git: a page and a file deleted in Bindery are deleted from the repository by the export
        assertTrue(paths(repo, "refs/heads/main").containsAll(List.of("guide.md", ".gitbook/assets/logo.txt")));
        List<Page> kept = SpaceContentStandIn.pages(space).stream().filter(p -> !p.title().equals("Guide")).toList();
        SpaceContentStandIn.space(space, org, Map.of(admin, "admin", editor, "edit"), kept, List.of());
        mergedEvent("cr-" + Ids.newId(), 400, "Remove the guide");
        await().atMost(Duration.ofSeconds(30)).until(() -> !head(repo, "refs/heads/main").equals(removed));
        assertEquals("success", awaitEnd().getString("operation.state"));
        java.util.Set<String> after = paths(repo, "refs/heads/main");
        assertFalse(after.contains("guide.md"), after.toString());
        assertFalse(after.contains(".gitbook/assets/logo.txt"), after.toString());
        assertTrue(after.contains("README.md"), after.toString());
        assertEquals(1, commitOf(repo, "refs/heads/main").getParentCount());
    }

    @Test
    void importsAreAuthoredByTheMemberWhoseEmailIsTheCommittersElseByTheAdmin() throws Exception {
        String writer = Ids.newId();
        String reader = Ids.newId();
        TestIdentity.addUser(writer, "Wes Writer", "Wes@Example.com");
        TestIdentity.addUser(reader, "Rita Reader", "rita@example.com");
        for (String member : List.of(writer, reader)) {
            TestIdentity.addMembership(org, member, "read", null, Instant.now());
            // what identity's events put in the projections, learned here through the read-through
            QuarkusTransaction.requiringNew().run(() -> {
                users.find(member);
                memberships.find(org, member);
            });
        }
        SpaceContentStandIn.space(space, org, Map.of(admin, "admin", writer, "edit", reader, "read"),
                SpaceContentStandIn.pages(space), List.of());
        Path repo = repository("authors.git");
        String secret = sync("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/main\",\"priority\":\"git\"}")
                .getString("webhookSecret");
        // the first import: writer@example.com is no member, so the admin who set the sync up authors it, and says why
        Map.Entry<String, String> first = ChangeRequestStandIn.authors(space).entrySet().iterator().next();
        assertEquals(admin, first.getValue());
        assertTrue(first.getKey().endsWith("(committer writer@example.com is no member)"), first.getKey());

        // a member's commit (the e-mail's case aside): the change request is theirs, merged as before
        ObjectId wes = commitAs(repo, Map.of("guide.md", "# Guide\n\nBy Wes.\n"), "Wes's edit", "Wes", "wes@example.com");
        String body = push("refs/heads/main", wes);
        hook(Map.of("X-Gitlab-Event", "Push Hook", "X-Gitlab-Token", secret), body).then().statusCode(202);
        await().atMost(Duration.ofSeconds(30)).until(() -> page("Guide").markdown().equals("By Wes.\n"));
        assertEquals("success", awaitEnd().getString("operation.state"));
        Map.Entry<String, String> second = List.copyOf(ChangeRequestStandIn.authors(space).entrySet()).get(1);
        assertEquals(writer, second.getValue(), second.getKey());
        assertFalse(second.getKey().contains("committer"), second.getKey());

        // a member who may only read the space: the admin again, and the subject says why
        ObjectId rita = commitAs(repo, Map.of("guide.md", "# Guide\n\nBy Rita.\n"), "Rita's edit", "Rita", "rita@example.com");
        body = push("refs/heads/main", rita);
        hook(Map.of("X-Gitlab-Event", "Push Hook", "X-Gitlab-Token", secret), body).then().statusCode(202);
        await().atMost(Duration.ofSeconds(30)).until(() -> page("Guide").markdown().equals("By Rita.\n"));
        assertEquals("success", awaitEnd().getString("operation.state"));
        Map.Entry<String, String> third = List.copyOf(ChangeRequestStandIn.authors(space).entrySet()).get(2);
        assertEquals(admin, third.getValue());
        assertTrue(third.getKey().endsWith("(committer rita@example.com may not open change requests here)"),
                third.getKey());
        assertTrue(ChangeRequestStandIn.changeRequests(space).values().stream().allMatch("merged"::equals));
        // whoever authored them, each was merged for the admin who set the sync up, through review's internal merge
        // (the sync keeps no user's token: it acts with integrations' service token)
        assertEquals(List.of(admin, admin, admin), ChangeRequestStandIn.mergers(space));
    }

    /** The data of the space's outbox rows of {@code type}, oldest first, once the relay has sent them to Kafka. */
    private List<com.fasterxml.jackson.databind.JsonNode> sent(String type) throws Exception {
        await().atMost(Duration.ofSeconds(30)).until(() -> QuarkusTransaction.requiringNew().call(() ->
                ((Number) em.createNativeQuery("SELECT count(*) FROM outbox_event WHERE type = :t AND aggregate_id = :s"
                                + " AND published_at IS NULL").setParameter("t", type).setParameter("s", space)
                        .getSingleResult()).intValue() == 0));
        @SuppressWarnings("unchecked")
        List<String> envelopes = QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery(
                        "SELECT envelope FROM outbox_event WHERE type = :t AND aggregate_id = :s ORDER BY id")
                .setParameter("t", type).setParameter("s", space).getResultList());
        List<com.fasterxml.jackson.databind.JsonNode> out = new java.util.ArrayList<>();
        for (String e : envelopes) {
            com.fasterxml.jackson.databind.JsonNode envelope = json.readTree(e);
            assertEquals(space, envelope.path("subject").asText());
            out.add(envelope.path("data"));
        }
        return out;
    }

    @Test
    void eachOperationIsACloudEventOnKafkaWithoutTheRepositoryOrItsCredentials() throws Exception {
        Path repos = temp.resolve("cloudevents").toAbsolutePath();
        Files.createDirectories(repos);
        Path bare = repository("cloudevents/docs.git");
        try (GitHttpServer server = new GitHttpServer(repos, "bot", "pw-ce-1")) {
            sync("{\"url\":\"" + server.url("docs.git", "bot", "pw-ce-1") + "\",\"ref\":\"refs/heads/main\","
                    + "\"priority\":\"git\"}");
            List<com.fasterxml.jackson.databind.JsonNode> started = sent(IntegrationsEventTypes.GIT_SYNC_STARTED);
            await().atMost(Duration.ofSeconds(30)).until(() -> sent(IntegrationsEventTypes.GIT_SYNC_COMPLETED).size() == 1);
            com.fasterxml.jackson.databind.JsonNode completed = sent(IntegrationsEventTypes.GIT_SYNC_COMPLETED).get(0);
            assertEquals(1, started.size());
            assertEquals("running", started.get(0).path("state").asText());
            assertEquals("import", started.get(0).path("direction").asText());
            assertEquals("success", completed.path("state").asText(), completed.toString());
            assertEquals("import", completed.path("direction").asText());
            assertEquals(org, completed.path("organization").asText());
            assertEquals("refs/heads/main", completed.path("ref").asText());
            assertTrue(completed.path("synced").asBoolean());
            assertEquals(head(bare, "refs/heads/main").name(), completed.path("commit").asText());
            assertFalse(completed.path("endedAt").isNull());
            assertTrue(completed.path("error").isNull());
            ContractFixtures.assertServes("integrations/git-sync-completed", completed);
            assertFalse(completed.toString().contains("pw-ce-1") || completed.toString().contains("127.0.0.1"),
                    completed.toString());
            // what a Space's gitSync shows; no address for readers of a repository on another host than GitHub's or
            // GitLab's (it may be internal, as here)
            assertEquals("docs", completed.path("repoName").asText());
            assertEquals("active", completed.path("installationStatus").asText());
            assertEquals("pending", started.get(0).path("installationStatus").asText());
            assertTrue(completed.path("url").isNull() && completed.path("provider").isNull(), completed.toString());
            assertTrue(completed.path("projectDirectory").isNull(), completed.toString());
            assertFalse(Instant.parse(completed.path("updatedAt").asText())
                    .isBefore(Instant.parse(started.get(0).path("updatedAt").asText())));

            // a failed export says why in its event (a protected branch)
            server.protect("refs/heads/main");
            mergeInBindery("cr-" + Ids.newId(), 9, "Refused", "Hello, refused.\n");
            await().atMost(Duration.ofSeconds(30)).until(() -> sent(IntegrationsEventTypes.GIT_SYNC_COMPLETED).size() == 2);
            com.fasterxml.jackson.databind.JsonNode failed = sent(IntegrationsEventTypes.GIT_SYNC_COMPLETED).get(1);
            assertEquals("failure", failed.path("state").asText());
            assertEquals("export", failed.path("direction").asText());
            assertTrue(failed.path("errorAction").asText().startsWith("merge refs/heads/bindery/cr-9"), failed.toString());
            assertFalse(failed.toString().contains("pw-ce-1"), failed.toString());

            // stopping the sync: one stopped event, synced false
            as(admin).delete("/v1/spaces/" + space + "/git/sync").then().statusCode(204);
            List<com.fasterxml.jackson.databind.JsonNode> stopped = sent(IntegrationsEventTypes.GIT_SYNC_STOPPED);
            assertEquals(1, stopped.size());
            assertFalse(stopped.get(0).path("synced").asBoolean(), stopped.get(0).toString());
            assertEquals("docs", stopped.get(0).path("repoName").asText());
            assertFalse(stopped.get(0).toString().contains("pw-ce-1"), stopped.get(0).toString());
        }
    }

    @Inject
    GitSyncStore store;
    @Inject
    GitSyncWorker worker;

    @Test
    void anOperationEndedByTheSweepOrByARestartSendsItsCompletedEvent() throws Exception {
        // an operation left running (its worker gone), started before the timeout
        Instant started = GitSyncWorker.now().minus(Duration.ofHours(1));
        assertTrue(QuarkusTransaction.requiringNew().call(() -> store.start(space, org,
                "https://github.com/acme/docs.git", "refs/heads/main", "handbook/", null, null, "import", started)));
        worker.sweep();
        await().atMost(Duration.ofSeconds(30)).until(() -> sent(IntegrationsEventTypes.GIT_SYNC_COMPLETED).size() == 1);
        com.fasterxml.jackson.databind.JsonNode timedOut = sent(IntegrationsEventTypes.GIT_SYNC_COMPLETED).get(0);
        assertEquals("timeout", timedOut.path("state").asText(), timedOut.toString());
        assertEquals(started, Instant.parse(timedOut.path("startedAt").asText()));
        assertFalse(timedOut.path("endedAt").isNull());
        assertTrue(timedOut.path("error").asText().startsWith("the operation took longer than"), timedOut.toString());
        assertEquals("https://github.com/acme/docs/tree/main/handbook", timedOut.path("url").asText());
        assertEquals("github", timedOut.path("provider").asText());
        assertEquals("timeout", as(admin).get("/v1/spaces/" + space + "/git/info").then().statusCode(200).extract()
                .path("operation.state"));

        // one a restart interrupted ends as a failure, with its event (what start-up does)
        Instant again = GitSyncWorker.now().minusSeconds(5);
        assertTrue(QuarkusTransaction.requiringNew().call(() -> store.start(space, org,
                "https://github.com/acme/docs.git", "refs/heads/main", null, null, null, "export", again)));
        assertTrue(QuarkusTransaction.requiringNew().call(() -> worker.endRunning(GitSyncWorker.now().plusSeconds(1),
                "failure", "interrupted by a restart of the service; start it again")) >= 1);
        await().atMost(Duration.ofSeconds(30)).until(() -> sent(IntegrationsEventTypes.GIT_SYNC_COMPLETED).size() == 2);
        com.fasterxml.jackson.databind.JsonNode interrupted = sent(IntegrationsEventTypes.GIT_SYNC_COMPLETED).get(1);
        assertEquals("failure", interrupted.path("state").asText());
        assertEquals("export", interrupted.path("direction").asText());
        assertTrue(interrupted.path("error").asText().contains("restart"), interrupted.toString());
        // a sweep with nothing running sends nothing more
        worker.sweep();
        assertEquals(2, sent(IntegrationsEventTypes.GIT_SYNC_COMPLETED).size());
    }

    @Test
    void anSshRepositorySyncsBothWaysWithItsPrivateKey() throws Exception {
        java.security.KeyPairGenerator generator = java.security.KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        java.security.KeyPair pair = generator.generateKeyPair();
        String key = GitSshServer.pem(pair);
        Path repos = temp.resolve("ssh").toAbsolutePath();
        Files.createDirectories(repos);
        Path bare = repository("ssh/docs.git");
        try (GitSshServer server = new GitSshServer(repos, pair.getPublic())) {
            String path = "/v1/spaces/" + space + "/git/sync";
            String body = "{\"url\":\"" + server.url("docs.git") + "\",\"ref\":\"refs/heads/main\",\"priority\":\"git\","
                    + "\"credentials\":{\"sshPrivateKey\":" + json.writeValueAsString(key) + "}}";
            // keys that cannot be used, a key without an ssh URL, an ssh URL without a key: 400
            as(admin).body(body.replace(json.writeValueAsString(key), "\"-----BEGIN PRIVATE KEY-----\\nAAAA\\n-----END PRIVATE KEY-----\""))
                    .put(path).then().statusCode(400).body("error.message", containsString("could not be read"));
            as(admin).body(body.replace(server.url("docs.git"), url(bare))).put(path).then().statusCode(400)
                    .body("error.message", containsString("is for ssh URLs"));
            as(admin).body("{\"url\":\"" + server.url("docs.git") + "\",\"ref\":\"refs/heads/main\",\"priority\":\"git\"}")
                    .put(path).then().statusCode(400).body("error.message", containsString("needs credentials.sshPrivateKey"));
            as(admin).body("{\"url\":\"" + server.url("docs.git") + "\",\"ref\":\"refs/heads/main\"}")
                    .post("/v1/spaces/" + space + "/git/import").then().statusCode(400)
                    .body("error.message", containsString("PUT git/sync"));

            // Git has priority: the repository comes in over SSH; the key is never shown
            JsonPath answer = sync(body);
            assertFalse(answer.prettify().contains("PRIVATE KEY"), answer.prettify());
            assertEquals("Hello from Git.\n", page("Home").markdown());
            assertEquals(server.url("docs.git"), as(admin).get("/v1/spaces/" + space + "/git/info").jsonPath()
                    .getString("url"));
            byte[] sealed = QuarkusTransaction.requiringNew().call(() -> (byte[]) em.createNativeQuery(
                    "SELECT secrets FROM git_sync WHERE space_id = :s").setParameter("s", space).getSingleResult());
            assertFalse(new String(sealed, StandardCharsets.ISO_8859_1).contains("PRIVATE KEY"));

            // Bindery → Git over SSH: a merged change request is pushed as its commit
            ObjectId before = head(bare, "refs/heads/main");
            mergeInBindery("cr-" + Ids.newId(), 21, "Over SSH", "Hello over SSH.\n");
            await().atMost(Duration.ofSeconds(30)).until(() -> !head(bare, "refs/heads/main").equals(before));
            assertTrue(commitOf(bare, "refs/heads/main").getFullMessage().startsWith("Over SSH\n"));
            assertEquals("success", awaitEnd().getString("operation.state"));

            // Git → Bindery over SSH: the poll reads the ref's head with the key and imports the commit
            commit(bare, Map.of("guide.md", "# Guide\n\nPushed by SSH.\n"), "Guide");
            loop.poll();
            await().atMost(Duration.ofSeconds(30)).until(() -> page("Guide").markdown().equals("Pushed by SSH.\n"));
            assertEquals("success", awaitEnd().getString("operation.state"));
        }
    }

    @Test
    void anSshServerIsCheckedAgainstTheHostKeysPinned() throws Exception {
        java.security.KeyPairGenerator generator = java.security.KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        java.security.KeyPair pair = generator.generateKeyPair();
        String key = json.writeValueAsString(GitSshServer.pem(pair));
        Path repos = temp.resolve("pinned").toAbsolutePath();
        Files.createDirectories(repos);
        repository("pinned/docs.git");
        try (GitSshServer server = new GitSshServer(repos, pair.getPublic())) {
            String path = "/v1/spaces/" + space + "/git/sync";
            String head = "{\"url\":\"" + server.url("docs.git") + "\",\"ref\":\"refs/heads/main\",\"priority\":\"git\","
                    + "\"credentials\":{\"sshPrivateKey\":" + key;
            // what is not a host key, or pins nothing, or pins without an ssh key: 400
            as(admin).body(head + ",\"sshKnownHosts\":\"github.com ssh-ed25519 not-base64\"}}").put(path).then()
                    .statusCode(400).body("error.message", containsString("line 1 is not a host key"));
            as(admin).body(head + ",\"sshKnownHosts\":\"# nothing\\n\"}}").put(path).then().statusCode(400)
                    .body("error.message", containsString("holds no host key"));
            as(admin).body(head + ",\"sshKnownHosts\":\"SHA256:short\"}}").put(path).then().statusCode(400)
                    .body("error.message", containsString("43 base64 characters"));
            as(admin).body("{\"url\":\"" + url(temp.resolve("pinned/docs.git")) + "\",\"ref\":\"refs/heads/main\","
                    + "\"priority\":\"git\",\"credentials\":{\"sshKnownHosts\":\"SHA256:x\"}}").put(path).then()
                    .statusCode(400).body("error.message", containsString("goes with credentials.sshPrivateKey"));

            // another server's key pinned: the operation fails and says which key the server showed
            String stranger = SshKeys.fingerprint(generator.generateKeyPair().getPublic());
            as(admin).body(head + ",\"sshKnownHosts\":\"" + stranger + "\"}}").put(path).then().statusCode(200);
            JsonPath refused = awaitEnd();
            assertEquals("failure", refused.getString("operation.state"), refused.prettify());
            String shown = SshKeys.fingerprint(PublicKeyEntry.parsePublicKeyEntry(server.knownHosts().split(" ", 2)[1])
                    .resolvePublicKey(null, Map.of(), PublicKeyEntryResolver.FAILING));
            assertTrue(refused.getString("operation.error").contains("the SSH server's host key (" + shown
                    + ") is not one of credentials.sshKnownHosts"), refused.prettify());
            assertEquals("Hello.\n", page("Home").markdown());

            // its own key pinned (a known_hosts line, with a comment line): in step
            sync(head + ",\"sshKnownHosts\":" + json.writeValueAsString("# the test server\n" + server.knownHosts())
                    + "}}");
            assertEquals("Hello from Git.\n", page("Home").markdown());
            // or its fingerprint
            sync(head + ",\"sshKnownHosts\":\"" + shown + "\"}}");
        }
    }

    @Test
    void theSpaceKeepsItsOwnEditsWhenGitChangesAnotherPage() throws Exception {
        Path repo = repository("keep.git");
        sync("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/main\",\"priority\":\"git\"}");
        // Home edited in Bindery, not exported yet (no merge event); Git changes only the guide
        List<Page> pages = SpaceContentStandIn.pages(space).stream().map(p -> p.title().equals("Home")
                ? new Page(p.id(), p.kind(), p.title(), p.path(), p.depth(), p.description(), "Edited in Bindery.\n", p.href())
                : p).toList();
        SpaceContentStandIn.space(space, org, Map.of(admin, "admin"), pages, List.of());
        commit(repo, Map.of("guide.md", "# Guide\n\nEdited in Git.\n"), "Guide");
        loop.poll(); // what the poll finds without a webhook
        await().atMost(Duration.ofSeconds(30)).until(() -> page("Guide").markdown().equals("Edited in Git.\n"));
        assertEquals("Edited in Bindery.\n", page("Home").markdown());
        assertEquals("success", awaitEnd().getString("operation.state"));
    }

    @Test
    void mergedChangeRequestsBecomeOneCommitEachWithTheTrailerAndNeverComeBack() throws Exception {
        Path repo = repository("roundtrip.git");
        String secret = sync("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/main\",\"priority\":\"git\"}")
                .getString("webhookSecret");
        int changeRequests = changeRequests();
        int[] reads = SpaceContentStandIn.pageReads();
        for (int i = 1; i <= 10; i++) {
            ObjectId before = head(repo, "refs/heads/main");
            String cr = "cr-" + Ids.newId();
            mergeInBindery(cr, 100 + i, "Fix typo " + i, "Hello, round " + i + ".\n");
            await().atMost(Duration.ofSeconds(30)).until(() -> !head(repo, "refs/heads/main").equals(before));
            RevCommit c = commitOf(repo, "refs/heads/main");
            assertEquals(1, c.getParentCount());
            assertEquals(before, c.getParent(0).getId());
            assertTrue(c.getFullMessage().startsWith("Fix typo " + i + "\n\nBindery-Change-Request: http://127.0.0.1:8080/o/"
                    + org + "/s/" + space + "/~/changes/" + (100 + i) + "\n"), c.getFullMessage());
            assertEquals("Ada Admin <ada@example.com>", c.getAuthorIdent().getName() + " <"
                    + c.getAuthorIdent().getEmailAddress() + ">");
            assertEquals("success", awaitEnd().getString("operation.state"));
            // the host's webhook for Bindery's own push, and the poll: nothing is imported back
            String body = push("refs/heads/main", c);
            hook(Map.of("X-GitHub-Event", "push", "X-Hub-Signature-256", "sha256=" + hmac(secret, body)), body)
                    .then().statusCode(202);
            loop.poll();
            JsonPath info = awaitEnd();
            assertEquals("success", info.getString("operation.state"), info.prettify());
            assertEquals(c.name(), info.getString("commit"));
            assertEquals(changeRequests, changeRequests());
            // a redelivered merge event commits nothing more
            if (i == 1) {
                mergedEvent(cr, 101, "Fix typo 1");
                Thread.sleep(500);
                awaitEnd();
                assertEquals(c.getId(), head(repo, "refs/heads/main"));
            }
        }
        assertEquals("Hello, round 10.\n", page("Home").markdown());
        // each export read the revision's pages with content's bulk read, none one call a page
        assertEquals(reads[0], SpaceContentStandIn.pageReads()[0]);
        assertTrue(SpaceContentStandIn.pageReads()[1] >= reads[1] + 10);
    }

    @Test
    void mergesAreStillExportedAfterTheAdminWhoSetTheSyncUpLeft() throws Exception {
        Path repo = repository("left.git");
        sync("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/main\",\"priority\":\"git\"}");
        String owner = Ids.newId();
        TestIdentity.addUser(editor, "Eve Editor", "eve@example.com");
        // the admin leaves the organization: content gives them no role on the space any more
        Map<String, String> roles = Map.of(owner, "admin", editor, "edit");
        SpaceContentStandIn.space(space, org, roles, SpaceContentStandIn.pages(space), SpaceContentStandIn.files(space));
        as(admin).get("/v1/spaces/" + space + "/git/info").then().statusCode(404);
        // the editor's change request is merged: the export reads the space as the sync, and the commit is the editor's
        ObjectId before = head(repo, "refs/heads/main");
        List<Page> pages = SpaceContentStandIn.pages(space).stream().map(p -> p.title().equals("Home")
                ? new Page(p.id(), p.kind(), p.title(), p.path(), p.depth(), p.description(), "After the admin left.\n",
                p.href()) : p).toList();
        String revision = SpaceContentStandIn.space(space, org, roles, pages, SpaceContentStandIn.files(space));
        mergedEvent("cr-" + Ids.newId(), 31, "Edited without the admin", revision, editor, "Eve Editor");
        await().atMost(Duration.ofSeconds(30)).until(() -> !head(repo, "refs/heads/main").equals(before));
        RevCommit c = commitOf(repo, "refs/heads/main");
        assertTrue(c.getFullMessage().startsWith("Edited without the admin\n\nBindery-Change-Request: "), c.getFullMessage());
        assertEquals("Eve Editor <eve@example.com>", c.getAuthorIdent().getName() + " <"
                + c.getAuthorIdent().getEmailAddress() + ">");
        assertTrue(fileAt(repo, c, "README.md").contains("After the admin left."), fileAt(repo, c, "README.md"));
        await().atMost(Duration.ofSeconds(30)).until(() -> "success".equals(as(owner)
                .get("/v1/spaces/" + space + "/git/info").then().statusCode(200).extract().path("operation.state")));
        // back, so that the test's end stops the sync as the admin
        SpaceContentStandIn.space(space, org, Map.of(admin, "admin"), SpaceContentStandIn.pages(space), List.of());
    }

    @Test
    void aConflictLeavesAnOpenChangeRequestAndExportsWaitForIt() throws Exception {
        Path repo = repository("conflict.git");
        String secret = sync("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/main\",\"priority\":\"git\"}")
                .getString("webhookSecret");
        ChangeRequestStandIn.conflictOn(space, "page Home was changed on both sides");
        List<Page> edited = SpaceContentStandIn.pages(space).stream().map(p -> p.title().equals("Home")
                ? new Page(p.id(), p.kind(), p.title(), p.path(), p.depth(), p.description(), "Bindery's side.\n", p.href())
                : p).toList();
        SpaceContentStandIn.space(space, org, Map.of(admin, "admin"), edited, List.of());
        ObjectId gitSide = commit(repo, Map.of("README.md", "# Home\n\nGit's side.\n"), "Home from Git");
        String body = push("refs/heads/main", gitSide);
        hook(Map.of("X-Gitlab-Event", "Push Hook", "X-Gitlab-Token", secret), body).then().statusCode(202);
        await().atMost(Duration.ofSeconds(30)).until(() -> changeRequests() == 2);
        JsonPath info = awaitEnd();
        assertEquals("failure", info.getString("operation.state"));
        assertTrue(info.getString("operation.error").contains("did not merge (409): page Home was changed on both sides"),
                info.getString("operation.error"));
        assertTrue(info.getString("operation.errorAction.label").startsWith("resolve the conflicts of change request #"));
        // neither side is lost: Bindery keeps its text, Git its commit, the change request holds Git's
        assertEquals("Bindery's side.\n", page("Home").markdown());
        assertEquals(gitSide, head(repo, "refs/heads/main"));
        assertEquals(List.of("merged", "open"), List.copyOf(ChangeRequestStandIn.changeRequests(space).values()));

        // another change request merged meanwhile: its export waits for the open one
        mergedEvent("cr-" + Ids.newId(), 300, "Meanwhile");
        Thread.sleep(1500);
        assertEquals(gitSide, head(repo, "refs/heads/main"));

        // the conflict resolved and merged in Bindery: the space (with Git's side) goes to Git
        ChangeRequestStandIn.noConflict(space);
        String number = ChangeRequestStandIn.changeRequests(space).keySet().stream().reduce((a, b) -> b).orElseThrow()
                .replaceFirst("^#(\\d+) .*$", "$1");
        String id = ChangeRequestStandIn.merge(space, Integer.parseInt(number));
        assertEquals("Git's side.\n", page("Home").markdown());
        mergedEvent(id, Integer.parseInt(number), "Sync from Git (resolved)");
        await().atMost(Duration.ofSeconds(30)).until(() -> !head(repo, "refs/heads/main").equals(gitSide));
        RevCommit c = commitOf(repo, "refs/heads/main");
        assertTrue(c.getFullMessage().contains("Bindery-Change-Request: "), c.getFullMessage());
        assertEquals("success", awaitEnd().getString("operation.state"));
    }

    /** The text of {@code path} in {@code commit} of {@code bare}. */
    private static String fileAt(Path bare, ObjectId commit, String path) throws Exception {
        try (Git git = Git.open(bare.toFile()); TreeWalk walk =
                TreeWalk.forPath(git.getRepository(), path,
                        git.getRepository().parseCommit(commit).getTree())) {
            return walk == null ? null : new String(git.getRepository().open(walk.getObjectId(0)).getBytes(),
                    StandardCharsets.UTF_8);
        }
    }

    private int exportsQueued() {
        return QuarkusTransaction.requiringNew().call(() -> ((Number) em.createNativeQuery(
                "SELECT count(*) FROM git_sync_export WHERE space_id = :s").setParameter("s", space)
                .getSingleResult()).intValue());
    }

    @Test
    void mergesArrivingDuringAnExportBecomeOneCommitEachInMergeOrder() throws Exception {
        Path repos = temp.resolve("held").toAbsolutePath();
        Files.createDirectories(repos);
        Path bare = repository("held/docs.git");
        try (GitHttpServer server = new GitHttpServer(repos, "bot", "pw-9")) {
            sync("{\"url\":\"" + server.url("docs.git", "bot", "pw-9") + "\",\"ref\":\"refs/heads/main\","
                    + "\"priority\":\"git\"}");
            ObjectId start = head(bare, "refs/heads/main");
            java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
            server.holdPushes(release);
            String a = "cr-" + Ids.newId();
            String b = "cr-" + Ids.newId();
            String c = "cr-" + Ids.newId();
            mergeInBindery(a, 501, "Change A", "Text A.\n");
            // A's export is running, held in its push; B and C merge meanwhile (B's event delivered twice)
            await().atMost(Duration.ofSeconds(30)).until(() -> server.held() == 1);
            String revisionB = mergeInBindery(b, 502, "Change B", "Text B.\n");
            mergeInBindery(c, 503, "Change C", "Text C.\n");
            mergedEvent(b, 502, "Change B", revisionB);
            await().atMost(Duration.ofSeconds(30)).until(() -> exportsQueued() == 3);
            assertEquals("running", as(admin).get("/v1/spaces/" + space + "/git/info").jsonPath()
                    .getString("operation.state"));
            server.holdPushes(null);
            release.countDown();
            await().atMost(Duration.ofSeconds(30)).until(() -> commitOf(bare, "refs/heads/main").getFullMessage()
                    .startsWith("Change C\n"));
            assertEquals("success", awaitEnd().getString("operation.state"));
            // three commits, one per change request in merge order, each holding what its own merge made
            List<String> subjects = new java.util.ArrayList<>();
            List<String> homes = new java.util.ArrayList<>();
            RevCommit commit = commitOf(bare, "refs/heads/main");
            while (!commit.getId().equals(start)) {
                assertEquals(1, commit.getParentCount());
                subjects.add(commit.getShortMessage());
                homes.add(fileAt(bare, commit, "README.md"));
                assertTrue(commit.getFullMessage().contains("Bindery-Change-Request: "), commit.getFullMessage());
                try (Git git = Git.open(bare.toFile())) {
                    commit = git.getRepository().parseCommit(commit.getParent(0));
                }
            }
            assertEquals(List.of("Change C", "Change B", "Change A"), subjects);
            assertEquals(List.of("# Home\n\nText C.\n", "# Home\n\nText B.\n", "# Home\n\nText A.\n"), homes);
            // the redelivered event of an exported change request queues nothing
            RevCommit last = commitOf(bare, "refs/heads/main");
            mergedEvent(a, 501, "Change A", null);
            Thread.sleep(1000);
            awaitEnd();
            assertEquals(last.getId(), head(bare, "refs/heads/main"));
            assertEquals(3, exportsQueued());
        }
    }

    @Test
    void aRefusedPushGoesToABinderyBranchAndNothingIsForced() throws Exception {
        Path repos = temp.resolve("protected").toAbsolutePath();
        Files.createDirectories(repos);
        Path bare = repository("protected/docs.git");
        try (GitHttpServer server = new GitHttpServer(repos, "bot", "pw-123")) {
            sync("{\"url\":\"" + server.url("docs.git", "bot", "pw-123") + "\",\"ref\":\"refs/heads/main\","
                    + "\"priority\":\"git\"}");
            ObjectId main = head(bare, "refs/heads/main");
            server.protect("refs/heads/main");
            mergeInBindery("cr-" + Ids.newId(), 7, "Protected change", "Hello, protected.\n");
            await().atMost(Duration.ofSeconds(30)).until(() -> head(bare, "refs/heads/bindery/cr-7") != null);
            JsonPath info = awaitEnd();
            assertEquals("failure", info.getString("operation.state"));
            assertTrue(info.getString("operation.error").contains("refused")
                    && info.getString("operation.error").contains("refs/heads/bindery/cr-7"), info.getString("operation.error"));
            assertTrue(info.getString("operation.errorAction.label").startsWith("merge refs/heads/bindery/cr-7 into refs/heads/main"));
            assertFalse(info.prettify().contains("pw-123"));
            assertEquals(main, head(bare, "refs/heads/main"));
            RevCommit c = commitOf(bare, "refs/heads/bindery/cr-7");
            assertEquals(main, c.getParent(0).getId());
            assertTrue(c.getFullMessage().contains("Bindery-Change-Request: "));
            assertNotEquals(main, c.getId());
        }
    }

    @Test
    void installedIntegrationsReceiveGitSyncStartedAndCompleted() throws Exception {
        try (Receiver receiver = new Receiver()) {
            String o = IntegrationFixtures.organization(kafka, json, "g" + Ids.newId().toLowerCase());
            admin = IntegrationFixtures.member(o, "admin");
            String name = "gs-" + Ids.newId().toLowerCase();
            as(admin).body(IntegrationFixtures.body(o, ",\"endpoint\":\"" + receiver.url()
                    + "\",\"scopes\":[\"space:content:read\"]")).post("/v1/integrations/" + name).then().statusCode(200);
            space = Platform.space(kafka, json, em, o, "Evented", java.util.Set.of(admin)).id();
            SpaceContentStandIn.space(space, o, Map.of(admin, "admin"), List.of(
                    new Page("home", "document", "Home", "home", 0, null, "Hello.\n", null)), List.of());
            as(admin).body("{\"organization\":\"" + o + "\"}").post("/v1/integrations/" + name + "/installations")
                    .then().statusCode(201);
            Path repo = temp.resolve("events.git");
            Git.init().setBare(true).setDirectory(repo.toFile()).setInitialBranch("main").call().close();
            sync("{\"url\":\"" + url(repo) + "\",\"ref\":\"refs/heads/main\",\"priority\":\"bindery\"}");
            await().atMost(Duration.ofSeconds(30)).until(() -> receiver.containing("space_gitsync_completed").size() == 1
                    && receiver.containing("space_gitsync_started").size() == 1);
            com.fasterxml.jackson.databind.JsonNode completed =
                    json.readTree(receiver.containing("space_gitsync_completed").get(0).body());
            assertEquals("success", completed.path("state").asText(), completed.toString());
            assertEquals(space, completed.path("spaceId").asText());
            assertEquals(head(repo, "refs/heads/main").name(), completed.path("commitId").asText());
            com.fasterxml.jackson.databind.JsonNode started =
                    json.readTree(receiver.containing("space_gitsync_started").get(0).body());
            assertEquals(space, started.path("spaceId").asText());
        }
    }

    /**
     * The bench figure of issue 32 (import of a 1,000-page repository), against the stand-ins: run with
     * {@code -Dbindery.bench=true -Dtest=GitContinuousSyncTest#importOfAThousandPages}.
     */
    @Test
    @org.junit.jupiter.api.condition.EnabledIfSystemProperty(named = "bindery.bench", matches = "true")
    void importOfAThousandPages() throws Exception {
        Map<String, String> files = new LinkedHashMap<>();
        StringBuilder summary = new StringBuilder("# Table of contents\n\n* [Home](README.md)\n");
        files.put("README.md", "# Home\n\nWelcome.\n");
        for (int i = 1; i < 1000; i++) {
            String path = "section-" + (i / 50) + "/page-" + i + ".md";
            summary.append(i % 50 == 0 ? "" : "  ").append("* [Page ").append(i).append("](").append(path).append(")\n");
            files.put(path, "# Page " + i + "\n\nText of page " + i + ", see [home](" + "../README.md).\n");
        }
        files.put("SUMMARY.md", summary.toString());
        Path bare = temp.resolve("thousand.git");
        Git.init().setBare(true).setDirectory(bare.toFile()).setInitialBranch("main").call().close();
        commit(bare, files, "A thousand pages");
        long start = System.nanoTime();
        sync("{\"url\":\"" + url(bare) + "\",\"ref\":\"refs/heads/main\",\"priority\":\"git\"}");
        long importMs = (System.nanoTime() - start) / 1_000_000;
        assertEquals(1000, SpaceContentStandIn.pages(space).size());
        // then a one-page push: webhook to merged
        String secret = as(admin).body("{\"url\":\"" + url(bare) + "\",\"ref\":\"refs/heads/main\",\"priority\":\"git\"}")
                .put("/v1/spaces/" + space + "/git/sync").then().statusCode(200).extract().path("webhookSecret");
        awaitEnd();
        ObjectId after = commit(bare, Map.of("section-0/page-7.md", "# Page 7\n\nEdited.\n"), "One page");
        String body = push("refs/heads/main", after);
        long hook = System.nanoTime();
        hook(Map.of("X-Gitlab-Event", "Push Hook", "X-Gitlab-Token", secret), body).then().statusCode(202);
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(10))
                .until(() -> page("Page 7").markdown().equals("Edited.\n"));
        long pushMs = (System.nanoTime() - hook) / 1_000_000;
        awaitEnd();
        // then merges in Bindery: review's merged event to the commit on the ref, five times (a commit each)
        List<Long> mergeMs = new java.util.ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            ObjectId before = head(bare, "refs/heads/main");
            long merged = System.nanoTime();
            mergeInBindery("cr-" + Ids.newId(), 200 + i, "Bench merge " + i, "Merged " + i + ".\n");
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(10))
                    .until(() -> !head(bare, "refs/heads/main").equals(before));
            mergeMs.add((System.nanoTime() - merged) / 1_000_000);
            awaitEnd();
        }
        System.out.printf("BENCH git-sync: import of 1000 pages %d ms; one-page push webhook to merged %d ms; "
                + "merge to pushed commit %s ms (median %d)%n", importMs, pushMs, mergeMs,
                mergeMs.stream().sorted().toList().get(2));
    }
}
