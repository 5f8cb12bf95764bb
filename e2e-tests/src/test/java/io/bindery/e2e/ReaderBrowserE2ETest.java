package io.bindery.e2e;

import io.bindery.e2e.E2EFixtures.TestOrg;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;

import static io.bindery.e2e.ContentFixtures.as;
import static io.bindery.e2e.ContentFixtures.insertPage;
import static io.bindery.e2e.ContentFixtures.seedMain;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A published site in a real browser: Debian's headless Chromium, driven through Debian's chromedriver, opens the
 * site through the gateway, follows the "next" link, searches with the form and as it types, switches to dark and
 * finds the choice kept, and finds no console error (a Content-Security-Policy
 * violation would be one) and no dialog from a page whose markdown tries to run script. Screenshots of the landing
 * page, a page with a table and code, and the same on a phone's width go to {@code target/reader-screenshots/}.
 */
class ReaderBrowserE2ETest {
    static final String CHROMIUM = System.getenv().getOrDefault("BINDERY_CHROMIUM", "/usr/bin/chromium");
    static final String CHROMEDRIVER = System.getenv().getOrDefault("BINDERY_CHROMEDRIVER", "/usr/bin/chromedriver");
    static final Path SHOTS = Path.of("target", "reader-screenshots");

    ChromeDriver browser;
    Path profile;

    @BeforeEach
    void open() throws IOException {
        assertTrue(new File(CHROMIUM).canExecute() && new File(CHROMEDRIVER).canExecute(),
                "Chromium and chromedriver are needed (Debian packages chromium, chromium-driver; ./platform test installs them)");
        profile = Files.createTempDirectory("bindery-chromium");
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM).addArguments(
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--window-size=1280,900", "--user-data-dir=" + profile);
        options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(CHROMEDRIVER))
                .usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        Files.createDirectories(SHOTS);
    }

    @AfterEach
    void close() throws IOException {
        if (browser != null) {
            browser.quit();
        }
        if (profile != null) {
            try (var walk = Files.walk(profile)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void aVisitorReadsThePublishedSiteInChromium() throws IOException {
        TestOrg org = E2EFixtures.newTestOrg();
        String admin = org.admin().token();
        String space = as(admin).body(Map.of("title", "Handbook")).post(org.path() + "/spaces").then().statusCode(201).extract().path("id");
        seedMain(admin, space,
                Map.of("operation", "insert_files", "files", List.of(Map.of("ref", "logo", "name", "logo.png",
                        "contentType", "image/png", "base64", ReaderE2ETest.PNG))),
                insertPage("Welcome", "Welcome to the **handbook**.\n\n![logo](logo)\n\n## Getting around\n\nUse the navigation on the left."),
                insertPage("Reference", "## Options\n\n| option | default |\n|---|---|\n| `--fast` | off |\n| `--color` | auto |\n\n"
                        + "## Example\n\n```java\nclass Hello {\n    public static void main(String[] a) { System.out.println(\"hi\"); }\n}\n```"),
                insertPage("Unsafe", "<script>alert('x')</script>\n\n<img src=\"x\" onerror=\"alert('y')\">\n\n"
                        + "<iframe src=\"https://evil.example\"></iframe>\n\n[run](javascript:alert('z'))"));
        String site = as(admin).body(Map.of("title", "Handbook site", "spaces", List.of(space))).post(org.path() + "/sites")
                .then().statusCode(201).extract().path("id");
        as(admin).post(org.path() + "/sites/" + site + "/publish").then().statusCode(200);
        String home = Stack.GATEWAY + "/s/" + site + "/";
        await().atMost(Duration.ofSeconds(3)).pollInterval(Duration.ofMillis(100))
                .until(() -> ReaderE2ETest.visitor().get("/s/" + site + "/").statusCode() == 200);

        browser.get(home);
        assertEquals("Welcome · Handbook site", browser.getTitle());
        WebElement logo = browser.findElement(By.cssSelector("article img"));
        assertTrue((Boolean) browser.executeScript("return arguments[0].complete && arguments[0].naturalWidth > 0", logo),
                "the image of the space's files loads");
        shot("landing.png");

        // the navigation's "next" link leads to the next page, which has a table and code
        browser.findElement(By.cssSelector("a[rel=next]")).click();
        assertTrue(browser.getCurrentUrl().endsWith("/s/" + site + "/reference"), browser.getCurrentUrl());
        assertEquals("Reference · Handbook site", browser.getTitle());
        assertEquals(3, browser.findElements(By.cssSelector("article table tr")).size());
        assertTrue(browser.findElement(By.cssSelector("article pre code.language-java")).getText().contains("class Hello"));
        shot("table-and-code.png");

        // the left navigation leads back; on a phone's width the layout is one column
        browser.findElement(By.linkText("Welcome")).click();
        assertEquals("Welcome · Handbook site", browser.getTitle());
        browser.manage().window().setSize(new Dimension(390, 844));
        browser.navigate().to(home + "reference");
        long treeX = browser.findElement(By.cssSelector("nav.tree")).getLocation().getX();
        long mainX = browser.findElement(By.cssSelector("main")).getLocation().getX();
        assertEquals(treeX, mainX, "on a phone the navigation sits above the page, not beside it");
        assertTrue((Boolean) browser.executeScript("return document.documentElement.scrollWidth <= window.innerWidth"),
                "on a phone the page does not scroll sideways (wide code and tables scroll inside their box)");
        shot("phone.png");
        browser.manage().window().setSize(new Dimension(1280, 900));

        // search without script: the form's GET shows results
        browser.navigate().to(home);
        WebElement box = browser.findElement(By.cssSelector("form.search input[name=q]"));
        box.sendKeys("navigation");
        browser.findElement(By.cssSelector("form.search button")).click();
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(300)).until(() -> {
            browser.navigate().refresh();
            return !browser.findElements(By.cssSelector("ol.hits a")).isEmpty();
        });
        shot("search.png");

        // with the reader's script: results as the visitor types (the same search, fetched by reader.js), a light/dark
        // switch that keeps the choice
        browser.navigate().to(home);
        WebElement live = browser.findElement(By.cssSelector("form.search input[name=q]"));
        live.sendKeys("navigation");
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(200))
                .until(() -> !browser.findElements(By.cssSelector("form.search .live:not([hidden]) li a")).isEmpty());
        assertTrue(browser.findElement(By.cssSelector("form.search .live li a")).getText().contains("Welcome"),
                browser.findElement(By.cssSelector("form.search .live")).getText());
        shot("search-as-you-type.png");
        browser.findElement(By.cssSelector("header.top button.mode")).click();
        assertEquals("dark", browser.executeScript("return document.documentElement.dataset.mode"));
        browser.navigate().refresh();
        assertEquals("dark", browser.executeScript("return document.documentElement.dataset.mode"), "the choice is kept");
        assertEquals("true", browser.findElement(By.cssSelector("header.top button.mode")).getAttribute("aria-pressed"));
        shot("dark-chosen.png");
        browser.executeScript("localStorage.clear()");

        // markdown that tries to run script runs nothing: no dialog, no console error
        browser.navigate().to(home + "unsafe");
        assertThrows(NoAlertPresentException.class, () -> browser.switchTo().alert());
        assertTrue(browser.findElements(By.cssSelector("article script, article iframe, article img[onerror]")).isEmpty());

        List<LogEntry> errors = browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).toList();
        assertTrue(errors.isEmpty(), "console errors: " + errors);
    }

    private void shot(String name) throws IOException {
        Path file = SHOTS.resolve(name);
        Files.write(file, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
        System.out.println("reader screenshot: " + file.toAbsolutePath());
    }
}
