package io.bindery.sites.mcp;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.sites.testing.ContentStandIn;
import io.bindery.sites.testing.ContentStandIn.StandInPage;
import io.bindery.sites.testing.InsightsStandIn;
import io.bindery.sites.testing.SiteFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static io.bindery.sites.testing.SiteFixtures.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A site's MCP server against the official clients, over real HTTP to this test's instance: the TypeScript SDK's
 * client ({@code clients/mcp/check.mjs}: tools listed, a search, a page read as a tool and as a resource, refused on
 * an excluded and an unpublished site) and the official conformance suite's server scenarios that apply to a server
 * with our tools (the others test the suite's own "everything" server's tools). Needs node and npm (as
 * {@code ./platform test}); {@code npm ci} runs in {@code clients/mcp} when its modules are missing.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
@WithTestResource(InsightsStandIn.class)
class McpClientsTest {
    /** The conformance suite's server scenarios that do not need its "everything" server's own tools or prompts. */
    static final List<String> SCENARIOS = List.of("server-initialize", "ping", "tools-list", "resources-list");
    static final Path CLIENTS = Path.of("..", "clients", "mcp");

    @ConfigProperty(name = "quarkus.http.test-port")
    int port;

    String org;
    String admin;

    @BeforeEach
    void nodeAndItsModules() throws Exception {
        Assumptions.assumeTrue(run(List.of("node", "--version"), 30).exit() == 0, "node is not installed");
        if (!Files.isDirectory(CLIENTS.resolve("node_modules"))) {
            Result install = run(List.of("npm", "ci", "--silent", "--no-audit", "--no-fund"), 300);
            assertEquals(0, install.exit(), "npm ci in clients/mcp: " + install.output());
        }
        org = Ids.newId();
        admin = SiteFixtures.member(org, "admin");
    }

    String site(String title, boolean publish) {
        String space = ContentStandIn.space(org, title, Set.of(), Set.of(admin));
        StandInPage guide = StandInPage.document("Guide", "guide", 0, "# Guide\n\nThe wombat digs burrows.");
        ContentStandIn.revision(space, ContentStandIn.data(space).revision(),
                List.of(StandInPage.document("Introduction", "intro", 0, "Read [the guide](/pages/" + guide.id() + ")."), guide));
        String site = as(admin).body("{\"title\":\"" + title + "\",\"spaces\":[\"" + space + "\"]}").post("/v1/orgs/" + org + "/sites")
                .then().statusCode(201).extract().path("id");
        if (publish) {
            as(admin).post("/v1/orgs/" + org + "/sites/" + site + "/publish").then().statusCode(200);
        }
        return "http://127.0.0.1:" + port + "/s/" + site + "/~gitbook/mcp";
    }

    @Test
    void theTypeScriptClientReadsTheSiteAndIsRefusedWhereAgentsMayNotRead() throws Exception {
        String open = site("Open", true);
        String excluded = site("Excluded", true);
        as(admin).body("{\"agentsContext\":\"excluded\"}").patch("/v1/orgs/" + org + "/sites/" + siteId(excluded)).then().statusCode(200);
        String unpublished = site("Unpublished", false);
        Result check = run(List.of("node", "check.mjs", open, "wombat", excluded, unpublished), 120);
        System.out.println("clients/mcp/check.mjs:\n" + check.output());
        assertEquals(0, check.exit(), check.output());
    }

    @Test
    void theConformanceSuitesServerScenariosPass() throws Exception {
        String open = site("Conformance", true);
        List<String> failed = new ArrayList<>();
        for (String scenario : SCENARIOS) {
            Result r = conformance(open, scenario);
            System.out.println("conformance " + scenario + " (exit " + r.exit() + "):\n" + r.output());
            if (r.exit() != 0 || !r.output().contains(" 0 failed")) {
                failed.add(scenario);
            }
        }
        // the others, for the record: they call the suite's own test tools (test_simple_text, …) and prompts
        Result list = run(List.of("node", CONFORMANCE, "list", "--server"), 60);
        List<String> others = list.output().lines().map(String::strip).filter(l -> l.startsWith("- "))
                .map(l -> l.substring(2)).filter(n -> !SCENARIOS.contains(n)).toList();
        List<String> otherPassed = new ArrayList<>();
        for (String scenario : others) {
            Result r = conformance(open, scenario);
            if (r.exit() == 0 && r.output().contains(" 0 failed")) {
                otherPassed.add(scenario);
            }
        }
        System.out.printf("conformance: %d of %d applicable server scenarios passed %s; of the %d others (the suite's own"
                + " test tools and prompts), %d passed %s%n", SCENARIOS.size() - failed.size(), SCENARIOS.size(), SCENARIOS,
                others.size(), otherPassed.size(), otherPassed);
        assertTrue(failed.isEmpty(), "conformance scenarios failed: " + failed);
    }

    static final String CONFORMANCE = "node_modules/@modelcontextprotocol/conformance/dist/index.js";

    static Result conformance(String url, String scenario) throws Exception {
        return run(List.of("node", CONFORMANCE, "server", "--url", url, "--scenario", scenario), 120);
    }

    static String siteId(String mcpUrl) {
        return mcpUrl.replaceAll(".*/s/([^/]+)/~gitbook/mcp$", "$1");
    }

    record Result(int exit, String output) {
    }

    static Result run(List<String> command, int seconds) throws Exception {
        File log = File.createTempFile("mcp-clients", ".log");
        try {
            Process p = new ProcessBuilder(command).directory(CLIENTS.toFile()).redirectErrorStream(true)
                    .redirectOutput(log).start();
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
