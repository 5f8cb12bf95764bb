package io.bindery.sites.reader;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.sites.testing.ContentStandIn;
import io.bindery.sites.testing.ContentStandIn.StandInPage;
import io.bindery.sites.testing.SiteFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.bindery.sites.testing.SiteFixtures.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Lighthouse (npm {@code lighthouse}, {@code clients/lighthouse/check.mjs}) on a published site served by this test's
 * instance, in Debian's Chromium (the one e2e's ReaderBrowserE2ETest drives): the landing page and a long page (forty
 * sections of prose, code in four languages, tables, lists) of a site with a section group, Lighthouse's default
 * (mobile) settings. Performance, accessibility, best practices and SEO must each be at least 95; the scores, the
 * audits that lost points and the screenshots' paths (light, dark, phone; {@code target/lighthouse/}) are printed.
 * Needs node and Chromium, as {@code ./platform test} installs them; {@code npm ci} runs in {@code clients/lighthouse}
 * when its modules are missing.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
class ReaderLighthouseTest {
    static final Path CLIENT = Path.of("..", "clients", "lighthouse");
    static final Path OUT = Path.of("target", "lighthouse").toAbsolutePath();
    static final String CHROMIUM = System.getenv().getOrDefault("BINDERY_CHROMIUM", "/usr/bin/chromium");
    static final int MIN = 95;
    static final Pattern SCORES = Pattern.compile(
            "lighthouse (\\S+) performance=(\\d+) accessibility=(\\d+) best-practices=(\\d+) seo=(\\d+)");

    @ConfigProperty(name = "quarkus.http.test-port")
    int port;

    @Test
    void landingAndLongPagesScoreAtLeast95InEveryCategory() throws Exception {
        Assumptions.assumeTrue(run(List.of("node", "--version"), 30).exit() == 0, "node is not installed");
        Assumptions.assumeTrue(new File(CHROMIUM).canExecute(),
                "Chromium is not installed at " + CHROMIUM + " (Debian package chromium; ./platform test installs it)");
        if (!Files.isDirectory(CLIENT.resolve("node_modules"))) {
            Result install = run(List.of("npm", "ci", "--silent", "--no-audit", "--no-fund"), 300);
            assertEquals(0, install.exit(), "npm ci in clients/lighthouse: " + install.output());
        }
        String org = Ids.newId();
        String admin = SiteFixtures.member(org, "admin");
        String space = ContentStandIn.space(org, "Handbook", Set.of(), Set.of(admin));
        StandInPage intro = StandInPage.document("Introduction", "intro", 0, """
                # Introduction

                Bindery keeps your team's documentation: write pages together, review changes, and publish them as a site
                that people and coding agents can read.

                ## What you will find here

                - [The long guide](long) walks through every part of a deployment.
                - Each page has an outline, a last-updated date and links to the pages before and after it.
                """);
        ContentStandIn.describe(intro.id(), "How this handbook is organised, and where to start reading.");
        StringBuilder long_ = new StringBuilder("A long page: forty sections of prose, code, tables and lists.\n\n");
        for (int i = 1; i <= 40; i++) {
            long_.append("## Step ").append(i).append("\n\n")
                    .append("This step explains one part of running the service in production, with the reasons for each choice. ".repeat(4))
                    .append("\n\n");
            switch (i % 4) {
                case 0 -> long_.append("```java\npublic final class Step").append(i).append(" {\n    static int run(String input) {\n"
                        + "        return input.length() * 2; // twice\n    }\n}\n```\n\n");
                case 1 -> long_.append("```json\n{\"step\": ").append(i).append(", \"enabled\": true, \"tags\": [\"deploy\", \"prod\"]}\n```\n\n");
                case 2 -> long_.append("| setting | value |\n|---|---|\n| replicas | ").append(i).append(" |\n| memory | 512 MiB |\n\n");
                default -> long_.append("1. Check the logs.\n2. Restart the service.\n3. Read `status` again.\n\n```yaml\nreplicas: ")
                        .append(i).append("\nimage: bindery/sites:latest\n```\n\n");
            }
        }
        StandInPage longPage = StandInPage.document("The long guide", "long", 0, long_.toString());
        ContentStandIn.revision(space, ContentStandIn.data(space).revision(), List.of(intro, longPage));
        String site = as(admin).body("{\"title\":\"Handbook\",\"spaces\":[\"" + space + "\"]}").post("/v1/orgs/" + org + "/sites")
                .then().statusCode(201).extract().path("id");
        String sites = "/v1/orgs/" + org + "/sites/" + site;
        as(admin).body("{\"title\":\"Guides\"}").post(sites + "/sections").then().statusCode(201);
        List<String> grouped = new ArrayList<>();
        for (String title : List.of("API", "SDK")) {
            String s = ContentStandIn.space(org, title, Set.of(), Set.of(admin));
            ContentStandIn.revision(s, ContentStandIn.data(s).revision(),
                    List.of(StandInPage.document("Start", "start", 0, "The " + title + " reference starts here.")));
            grouped.add(as(admin).body("{\"title\":\"" + title + "\",\"spaceId\":\"" + s + "\"}").post(sites + "/sections")
                    .then().statusCode(201).extract().<String>path("id"));
        }
        as(admin).body("{\"title\":\"Reference\",\"sections\":[\"" + grouped.get(0) + "\",\"" + grouped.get(1) + "\"]}")
                .post(sites + "/section-groups").then().statusCode(201);
        as(admin).post(sites + "/publish").then().statusCode(200);
        // the space is synced with Git: its pages carry "Edit on Git", scored with the rest
        io.bindery.sites.sitespace.SpaceGitLinks links = io.quarkus.arc.Arc.container()
                .instance(io.bindery.sites.sitespace.SpaceGitLinks.class).get();
        io.quarkus.narayana.jta.QuarkusTransaction.requiringNew().run(() ->
                links.apply(space, true, "https://github.com/acme/handbook/blob/main/", java.time.Instant.now()));

        String base = "http://127.0.0.1:" + port + "/s/" + site + "/";
        Result result = run(List.of("node", "check.mjs", OUT.toString(), "landing=" + base, "long=" + base + "long"), 600);
        System.out.println("Lighthouse " + lighthouseVersion() + " with " + CHROMIUM + ":\n" + result.output());
        Assumptions.assumeTrue(result.exit() != 2, "Chromium could not be started: " + result.output());
        assertEquals(0, result.exit(), result.output());
        Matcher m = SCORES.matcher(result.output());
        int pages = 0;
        while (m.find()) {
            pages++;
            for (int g = 2; g <= 5; g++) {
                assertTrue(Integer.parseInt(m.group(g)) >= MIN, m.group(0) + " (at least " + MIN + " in each):\n" + result.output());
            }
        }
        assertEquals(2, pages, result.output());
        for (String name : List.of("landing", "long")) {
            for (String kind : List.of("light", "dark", "phone")) {
                assertTrue(Files.size(OUT.resolve(name + "-" + kind + ".png")) > 1000, name + "-" + kind + ".png");
            }
        }
    }

    static String lighthouseVersion() {
        try {
            String json = Files.readString(CLIENT.resolve("node_modules/lighthouse/package.json"));
            Matcher m = Pattern.compile("\"version\":\\s*\"([^\"]+)\"").matcher(json);
            return m.find() ? m.group(1) : "?";
        } catch (java.io.IOException e) {
            return "?";
        }
    }

    record Result(int exit, String output) {
    }

    static Result run(List<String> command, int seconds) throws Exception {
        File log = File.createTempFile("lighthouse", ".log");
        try {
            Process p = new ProcessBuilder(command).directory(CLIENT.toFile()).redirectErrorStream(true).redirectOutput(log).start();
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(-1, "timed out after " + seconds + " s: " + Files.readString(log.toPath(), StandardCharsets.UTF_8));
            }
            return new Result(p.exitValue(), Files.readString(log.toPath(), StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
            return new Result(-1, e.toString());
        } finally {
            Files.deleteIfExists(log.toPath());
        }
    }
}
