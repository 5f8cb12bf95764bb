package io.bindery.sites.reader;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.sites.testing.ContentStandIn;
import io.bindery.sites.testing.ContentStandIn.StandInPage;
import io.bindery.sites.testing.SiteFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static io.bindery.sites.testing.SiteFixtures.as;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How the reader's pages look, over HTTP against the real service (issue 31, "the reader, better than the model"):
 * code blocks highlighted on the server and labelled with their language, code that tries to close the block stays
 * text; the copy script served under {@code script-src 'self'} and referenced by the page; light and dark colours,
 * the site's accent (made readable) and its fixed mode; section groups as a tab with a menu, the current section
 * marked; a meta description for every page.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
class ReaderLookTest {
    static final String CODE = """
            Hello, reader.

            ```java
            public class A { int n = 42; // note
            }
            ```

            ```json
            {"a": "</pre><script>alert(1)</script>"}
            ```

            ```html
            </code></pre><script>alert(2)</script><img src=x onerror=alert(3)>
            ```

            ```bash "title"><script>alert(4)</script>
            echo "</figure>" && rm -rf /tmp/x
            ```

            ```toml
            name = "</pre>"
            ```

            ```
            no language here
            ```
            """;

    String org;
    String admin;
    String space;
    String site;

    @BeforeEach
    void site() {
        org = Ids.newId();
        admin = SiteFixtures.member(org, "admin");
        space = ContentStandIn.space(org, "Handbook", Set.of(), Set.of(admin));
        ContentStandIn.revision(space, ContentStandIn.data(space).revision(),
                List.of(StandInPage.document("Code", "code", 0, CODE)));
        site = as(admin).body("{\"title\":\"Look\",\"spaces\":[\"" + space + "\"]}").post("/v1/orgs/" + org + "/sites")
                .then().statusCode(201).extract().path("id");
    }

    void publish() {
        as(admin).post("/v1/orgs/" + org + "/sites/" + site + "/publish").then().statusCode(200);
    }

    @Test
    void codeIsHighlightedOnTheServerLabelledAndStaysText() {
        publish();
        String html = given().get("/s/" + site + "/code").then().statusCode(200).extract().asString();
        // Java: a figure named by its language, a visible label, tokens in spans
        assertTrue(html.contains("<figure class=\"code\" data-language=\"java\"><figcaption>Java</figcaption>"
                + "<pre tabindex=\"0\"><code class=\"language-java\">"), html);
        assertTrue(html.contains("<span class=\"t-keyword\">public</span>"), html);
        assertTrue(html.contains("<span class=\"t-number\">42</span>"), html);
        assertTrue(html.contains("<span class=\"t-comment\">// note</span>"), html);
        // JSON and HTML whose text closes the block: highlighted, every < escaped, no element made of it
        assertTrue(html.contains("<figcaption>JSON</figcaption>"), html);
        assertTrue(html.contains("&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;"), html);
        assertTrue(html.contains("<figcaption>HTML</figcaption>"), html);
        assertTrue(html.contains("data-language=\"html\""), html);
        assertTrue(html.contains("<span class=\"t-tag\">"), html);
        // shell, with a grammar written here: highlighted; a hostile info string stays an attribute value
        assertTrue(html.contains("<figure class=\"code\" data-language=\"bash\"><figcaption>Bash</figcaption>"), html);
        assertTrue(html.contains("<span class=\"t-builtin t-class-name\">echo</span> <span class=\"t-string\">&quot;&lt;/figure&gt;&quot;</span>"), html);
        // a language without a grammar: labelled, escaped, not highlighted
        assertTrue(html.contains("<figure class=\"code\" data-language=\"toml\"><figcaption>TOML</figcaption><pre tabindex=\"0\">"
                + "<code class=\"language-toml\">name = &quot;&lt;/pre&gt;&quot;\n</code>"), html);
        assertTrue(html.contains("<figure class=\"code\"><pre tabindex=\"0\"><code>no language here"), html);
        assertEquals(1, count(html, "<script"), "only the reader's own script element: " + html);
        assertTrue(!html.contains("<img src=x") && !html.contains("<img src=\"x\""), html);
        assertEquals(count(html, "<figure"), count(html, "</figure>"));
        assertEquals(6, count(html, "<figure class=\"code\""));
        // a page without a description gets its first paragraph as one
        assertTrue(html.contains("<meta name=\"description\" content=\"Hello, reader.\">"), html);
    }

    @Test
    void theCopyScriptIsTheSitesOwnAndPagesCarryLightAndDark() throws Exception {
        publish();
        String base = "/s/" + site + "/";
        String html = given().get(base + "code").then().statusCode(200)
                .header("Content-Security-Policy", allOf(containsString("script-src 'self';"), not(containsString("unsafe-inline")),
                        containsString("style-src 'self';")))
                .extract().asString();
        assertTrue(html.contains("<script src=\"" + base + "~assets/reader.js\" defer></script>"), html);
        // the site's default customization: toggleable themes, so no fixed mode; its accent in theme.css's address
        assertTrue(html.contains("<html lang=\"en\" data-theme=\"clean\">"), html);
        // the light/dark switch, in the page from the start (reader.js shows it and makes it work)
        assertTrue(html.contains("<button type=\"button\" class=\"mode\" aria-pressed=\"false\">Dark mode</button>"), html);
        assertTrue(html.contains("<link rel=\"stylesheet\" href=\"" + base + "~assets/theme.css?light=346ddb&amp;dark="), html);
        // the search results page in the same theme, with the same switch
        String results = given().get(base + "~search?q=code").then().statusCode(200).extract().asString();
        assertTrue(results.contains("<html lang=\"en\" data-theme=\"clean\">"), results);
        assertTrue(results.contains("<button type=\"button\" class=\"mode\" aria-pressed=\"false\">Dark mode</button>"), results);
        assertTrue(results.contains("<link rel=\"stylesheet\" href=\"" + base + "~assets/theme.css?light=346ddb&amp;dark="), results);
        given().get(base + "~assets/reader.js").then().statusCode(200).contentType(startsWith("text/javascript"))
                .header("Content-Security-Policy", containsString("script-src 'self'"))
                .body(containsString("navigator.clipboard.writeText")).body(containsString("figure.code"));
        given().get(base + "~assets/reader.css").then().statusCode(200)
                .body(containsString("@media (prefers-color-scheme: dark)"))
                .body(containsString(":root[data-mode=\"dark\"]"))
                .body(containsString(".t-keyword")).body(containsString("--t-keyword: #ff7b72"));
        // the dark accent #346DDB has 3.9:1 on the dark background: made lighter until it reads (4.5:1)
        String css = given().get(base + "~assets/theme.css?light=346ddb&dark=346ddb").then().statusCode(200)
                .contentType(startsWith("text/css")).header("Cache-Control", containsString("immutable")).extract().asString();
        assertTrue(css.startsWith(":root{--accent:#346ddb}"), css);
        String dark = css.substring(css.indexOf("prefers-color-scheme: dark"));
        String darkAccent = dark.substring(dark.indexOf("--accent:#") + "--accent:#".length(), dark.indexOf("--accent:#") + "--accent:#".length() + 6);
        assertTrue(ReaderTheme.contrast(Integer.parseInt(darkAccent, 16), 0x0d1117) >= 4.5, css);
        // anything but six hex digits is the default colour, never written into the stylesheet
        given().get(base + "~assets/theme.css?light=red;}body{display:none&dark=").then().statusCode(200)
                .body(not(containsString("display"))).body(containsString("--accent:#0969da"));

        // a site that does not let visitors switch: always in its default mode; a bold theme
        as(admin).body("{\"themes\":{\"default\":\"dark\",\"toggeable\":false},\"styling\":{\"theme\":\"bold\",\"primaryColor\":{\"light\":\"#FFEE00\",\"dark\":\"#FFEE00\"}}}")
                .put("/v1/orgs/" + org + "/sites/" + site + "/customization").then().statusCode(200);
        ReaderTest.settle(); // past the reader's one-second answers
        String fixed = given().get(base + "code").then().statusCode(200).extract().asString();
        assertTrue(fixed.contains("<html lang=\"en\" data-theme=\"bold\" data-mode=\"dark\">"), fixed);
        assertFalse(fixed.contains("class=\"mode\""), "no switch on a site that fixes its mode: " + fixed);
        // its search results page too: the fixed mode and theme, no switch (issue 31)
        String fixedResults = given().get(base + "~search?q=code").then().statusCode(200).extract().asString();
        assertTrue(fixedResults.contains("<html lang=\"en\" data-theme=\"bold\" data-mode=\"dark\">"), fixedResults);
        assertFalse(fixedResults.contains("class=\"mode\""), "no switch on a site that fixes its mode: " + fixedResults);
        assertTrue(fixedResults.contains("&amp;dark=ffee00\""), fixedResults);
        // a yellow accent on white is made darker until it reads; on the dark background it reads as it is
        String light = fixed.substring(fixed.indexOf("theme.css?light=") + "theme.css?light=".length()).substring(0, 6);
        assertTrue(ReaderTheme.contrast(Integer.parseInt(light, 16), 0xffffff) >= 4.5, light);
        assertTrue(fixed.contains("&amp;dark=ffee00\""), fixed);
    }

    @Test
    void sectionGroupsAreTabsWithAMenuAndTheCurrentSectionIsMarked() throws Exception {
        String sites = "/v1/orgs/" + org + "/sites/" + site;
        as(admin).body("{\"title\":\"Guides\"}").post(sites + "/sections").then().statusCode(201);
        String api = section("API", "Endpoints");
        String sdk = section("SDK", "Clients");
        as(admin).body("{\"title\":\"Reference\",\"sections\":[\"" + api + "\",\"" + sdk + "\"]}").post(sites + "/section-groups")
                .then().statusCode(201);
        publish();
        String html = given().get("/s/" + site + "/sdk/start").then().statusCode(200).extract().asString();
        String tabs = html.substring(html.indexOf("<nav class=\"tabs\""), html.indexOf("</nav>", html.indexOf("<nav class=\"tabs\"")));
        assertEquals("<nav class=\"tabs\" aria-label=\"Sections\"><ul><li><a href=\"/s/" + site + "/\">Guides</a></li>"
                + "<li class=\"current\"><details><summary>Reference</summary><ul>"
                + "<li><a href=\"/s/" + site + "/api/\">API</a></li>"
                + "<li><a href=\"/s/" + site + "/sdk/\" aria-current=\"page\" class=\"current\">SDK</a></li></ul></details></li></ul>", tabs);
        // the default section is the current tab at the site's root
        String home = given().get("/s/" + site + "/").then().statusCode(200).extract().asString();
        assertTrue(home.contains("<li class=\"current\"><a href=\"/s/" + site + "/\" aria-current=\"page\">Guides</a></li>"
                + "<li><details><summary>Reference</summary>"), home);
        given().get("/s/" + site + "/api/start").then().statusCode(200)
                .body(containsString("<a href=\"/s/" + site + "/api/\" aria-current=\"page\" class=\"current\">API</a>"))
                .body(containsString("<p>Endpoints</p>"));
    }

    String section(String title, String text) {
        String s = ContentStandIn.space(org, title + " space", Set.of(), Set.of(admin));
        ContentStandIn.revision(s, ContentStandIn.data(s).revision(), List.of(StandInPage.document("Start", "start", 0, text)));
        return as(admin).body("{\"title\":\"" + title + "\",\"spaceId\":\"" + s + "\"}").post("/v1/orgs/" + org + "/sites/" + site + "/sections")
                .then().statusCode(201).extract().path("id");
    }

    static int count(String s, String part) {
        int n = 0;
        for (int at = s.indexOf(part); at >= 0; at = s.indexOf(part, at + 1)) {
            n++;
        }
        return n;
    }
}
