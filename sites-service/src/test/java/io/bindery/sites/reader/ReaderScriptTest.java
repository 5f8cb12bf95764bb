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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static io.bindery.sites.testing.SiteFixtures.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reader's script ({@code ~assets/reader.js}) in Debian's Chromium, driven by {@code clients/lighthouse/reader-script.mjs}
 * (puppeteer-core) against a site served by this test's instance: the light/dark switch follows the system until the
 * visitor chooses and keeps the choice (localStorage) across reloads; a site whose theme fixes the mode has no switch;
 * search as you type lists the reader's own results under the box (marked words, a status, arrow keys, Escape,
 * Enter opens the page), says when nothing matches; without script the colours follow the system and the form shows
 * the results page; no console error or CSP violation anywhere. Needs node and Chromium, as {@code ./platform test}
 * installs them ({@code npm ci} in {@code clients/lighthouse} when its modules are missing).
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
class ReaderScriptTest {
    static final Path OUT = Path.of("target", "reader-script").toAbsolutePath();

    @ConfigProperty(name = "quarkus.http.test-port")
    int port;

    @Test
    void theSwitchAndSearchAsYouTypeWorkInChromiumAndThePageWorksWithoutThem() throws Exception {
        Assumptions.assumeTrue(ReaderLighthouseTest.run(List.of("node", "--version"), 30).exit() == 0, "node is not installed");
        Assumptions.assumeTrue(new File(ReaderLighthouseTest.CHROMIUM).canExecute(),
                "Chromium is not installed at " + ReaderLighthouseTest.CHROMIUM + " (Debian package chromium; ./platform test installs it)");
        if (!Files.isDirectory(ReaderLighthouseTest.CLIENT.resolve("node_modules"))) {
            ReaderLighthouseTest.Result install = ReaderLighthouseTest.run(List.of("npm", "ci", "--silent", "--no-audit", "--no-fund"), 300);
            assertEquals(0, install.exit(), "npm ci in clients/lighthouse: " + install.output());
        }
        String org = Ids.newId();
        String admin = SiteFixtures.member(org, "admin");
        String space = ContentStandIn.space(org, "Handbook", Set.of(), Set.of(admin));
        ContentStandIn.revision(space, ContentStandIn.data(space).revision(), List.of(
                StandInPage.document("Welcome", "welcome", 0, "Welcome to the handbook.\n\n## Getting around\n\nRead on."),
                StandInPage.document("Navigation", "navigation", 0, "How the wombat navigation of this site works: tabs, the tree."),
                StandInPage.document("Burrows", "burrows", 0, "Where each wombat sleeps.\n\n```bash\necho \"wombat\"\n```")));
        String site = as(admin).body("{\"title\":\"Handbook\",\"spaces\":[\"" + space + "\"]}").post("/v1/orgs/" + org + "/sites")
                .then().statusCode(201).extract().path("id");
        as(admin).post("/v1/orgs/" + org + "/sites/" + site + "/publish").then().statusCode(200);
        // a second site whose theme is always dark
        String fixed = as(admin).body("{\"title\":\"Night\",\"spaces\":[\"" + space + "\"]}").post("/v1/orgs/" + org + "/sites")
                .then().statusCode(201).extract().path("id");
        as(admin).body("{\"themes\":{\"default\":\"dark\",\"toggeable\":false}}")
                .put("/v1/orgs/" + org + "/sites/" + fixed + "/customization").then().statusCode(200);
        as(admin).post("/v1/orgs/" + org + "/sites/" + fixed + "/publish").then().statusCode(200);

        String base = "http://127.0.0.1:" + port + "/s/";
        ReaderLighthouseTest.Result result = ReaderLighthouseTest.run(List.of("node", "reader-script.mjs", OUT.toString(),
                base + site + "/welcome", "wombat", "Navigation", base + fixed + "/welcome"), 300);
        System.out.println("reader.js in " + ReaderLighthouseTest.CHROMIUM + ":\n" + result.output());
        Assumptions.assumeTrue(result.exit() != 2, "Chromium could not be started: " + result.output());
        assertEquals(0, result.exit(), result.output());
        assertTrue(result.output().contains("ok no console error, no CSP violation"), result.output());
    }
}
