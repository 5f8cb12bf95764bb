package io.bindery.review.pdf;

import com.sun.net.httpserver.HttpServer;
import io.bindery.review.pdf.ChangeRequestPdf.Limits;
import io.bindery.review.pdf.ChangeRequestPdf.PdfPage;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.interactive.action.PDActionURI;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotation;
import org.apache.pdfbox.pdmodel.interactive.annotation.PDAnnotationLink;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;
import org.apache.pdfbox.text.PDFTextStripper;
import org.jsoup.Jsoup;
import org.jsoup.helper.W3CDom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChangeRequestPdfTest {

    private final ChangeRequestPdf pdf = new ChangeRequestPdf();

    // Loopback server that counts every request: proves the renderer never fetches anything.
    private HttpServer server;
    private final AtomicInteger hits = new AtomicInteger();
    private String base;

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            hits.incrementAndGet();
            byte[] body = "body { color: red; }".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        base = "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
    }

    private static final String FEATURES = """
            # Overview

            Intro paragraph with *emphasis*, **strong text** and `inline code`.
            See [the spec](https://example.com/spec), [evil](javascript:alert(1)), [relative](../other)
            and [mail](mailto:team@example.com).

            ## Steps

            - first item
            - second item
              1. nested ordered
              2. another one

            | Name  | Value |
            |-------|-------|
            | alpha | 42    |
            | beta  | 7     |

            ```java
            int answer = 42; // code block
            ```

            > quoted remark

            Party time 🎉 done.

            <script>alert('xss')</script>

            Inline <b>notbold</b> tag.
            """;

    @Test
    void rendersTitlesAndFormattedBody() throws IOException {
        byte[] bytes = pdf.render("CR-17: Rework onboarding", List.of(
                new PdfPage("Getting started", 0, FEATURES),
                new PdfPage("Child page", 1, "Child body text."),
                new PdfPage("Grandchild page", 2, "Deep body text.")));

        assertTrue(new String(bytes, 0, 5, StandardCharsets.ISO_8859_1).startsWith("%PDF-"));
        dump("sample", bytes);
        try (PDDocument doc = Loader.loadPDF(bytes)) {
            String text = stripper().getText(doc);
            for (String expected : List.of("CR-17: Rework onboarding", "Getting started", "Child page",
                    "Grandchild page", "Overview", "Intro paragraph with emphasis, strong text and inline code",
                    "Steps", "first item", "second item", "nested ordered", "alpha", "42", "beta",
                    "int answer = 42; // code block", "quoted remark", "Child body text.",
                    "Deep body text.", "Party time", "done.")) {
                assertTrue(text.contains(expected), () -> "missing '" + expected + "' in:\n" + text);
            }
            // raw HTML shows up as literal text instead of being interpreted
            assertTrue(text.contains("<script>alert('xss')</script>"), text);
            assertTrue(text.contains("Inline <b>notbold</b> tag."), text);

            List<String> uris = linkUris(doc);
            assertTrue(uris.contains("https://example.com/spec"), uris::toString);
            // javascript: and relative links keep their text but are not clickable
            assertEquals(List.of("https://example.com/spec", "mailto:team@example.com"), uris);
            assertTrue(text.contains("See the spec, evil, relative and mail."), text);

            assertEquals("CR-17: Rework onboarding", doc.getDocumentInformation().getTitle());
            PDOutlineItem first = doc.getDocumentCatalog().getDocumentOutline().getFirstChild();
            assertEquals("Getting started", first.getTitle());
            assertEquals("Child page", first.getFirstChild().getTitle());
            assertEquals("Grandchild page", first.getFirstChild().getFirstChild().getTitle());
        }
    }

    @Test
    void emptyPageListGivesTitleOnly() throws IOException {
        byte[] bytes = pdf.render("Just a subject", List.of());
        try (PDDocument doc = Loader.loadPDF(bytes)) {
            assertEquals(1, doc.getNumberOfPages());
            assertEquals(List.of("Just a subject", "1 / 1"), stripper().getText(doc).strip().lines().toList());
        }
        assertDoesNotThrow(() -> Loader.loadPDF(pdf.render(null, null)).close());
    }

    @Test
    void imagesBecomeAltTextAndNothingIsFetched() throws IOException {
        String md = "Before ![Architecture *diagram*](" + base + "/img.png) after.\n\n"
                + "![](" + base + "/noalt.png)\n\n"
                + "<img src=\"" + base + "/raw.png\">\n\n"
                + "[link](" + base + "/page)\n";
        byte[] bytes = pdf.render("Images", List.of(new PdfPage("Pics", 0, md)));
        String text = text(bytes);
        assertTrue(text.contains("Before [Architecture diagram] after."), text);
        assertTrue(text.contains("[image]"), text);
        assertEquals(0, hits.get(), "renderer made network requests");
    }

    @Test
    void rendererRefusesExternalResourcesEvenInForeignMarkup() throws IOException {
        // Markup our pipeline never emits, handed straight to the PDF stage: the lock-down must hold.
        Path local = Files.createTempFile("secret", ".css");
        Files.writeString(local, "body { color: red; }");
        String html = "<html><head>"
                + "<link rel='stylesheet' href='" + base + "/style.css'/>"
                + "<link rel='stylesheet' href='" + local.toUri() + "'/>"
                + "<style>@import url('" + base + "/import.css'); "
                + "@font-face { font-family: x; src: url('" + base + "/font.ttf'); } "
                + "body { font-family: x; background-image: url('" + base + "/bg.png'); }</style>"
                + "</head><body><p>hello</p>"
                + "<img src='" + base + "/a.png'/><img src='" + local.toUri() + "'/>"
                + "<object type='image/svg+xml' data='" + base + "/b.svg'></object>"
                + "</body></html>";
        byte[] bytes = pdf.toPdf(new W3CDom().fromJsoup(Jsoup.parse(html)));
        assertTrue(text(bytes).contains("hello"));
        assertEquals(0, hits.get(), "renderer made network requests");
        Files.delete(local);
    }

    @Test
    void hostileAndNonLatinInputDoesNotThrow() {
        String nestedQuotes = ">".repeat(5_000) + " deep";
        StringBuilder nestedLists = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            nestedLists.append("  ".repeat(i)).append("- level ").append(i).append('\n');
        }
        String emphasis = "*".repeat(20_000) + "x" + "*".repeat(20_000);
        String brackets = "[".repeat(20_000) + "x" + "](u)".repeat(5_000);
        String longWord = "a".repeat(20_000);
        String control = "nul\u0000 bell\u0007 ff\u000C lone\uD800surrogate";
        String scripts = "中文 日本語 한국어 العربية עברית Ελληνικά Кириллица 👍🏽 👨‍👩‍👧 ∑∫√";
        List<PdfPage> pages = List.of(
                new PdfPage("quotes", 0, nestedQuotes),
                new PdfPage("lists", 0, nestedLists.toString()),
                new PdfPage("emphasis", 0, emphasis),
                new PdfPage("brackets", 0, brackets),
                new PdfPage("long word", 0, longWord),
                new PdfPage("control \u0001 chars", 0, control),
                new PdfPage("scripts 中文 🎉", 99, scripts),
                new PdfPage(null, -3, null));
        byte[] bytes = assertDoesNotThrow(() -> pdf.render("Hostile 🎉 中文", pages));
        dump("hostile", bytes);
        String text = text(bytes);
        assertTrue(text.contains("deep"), text);
        assertTrue(text.contains("nul"), text);
    }

    @Test
    void withoutFallbackFontLatin1StillRendersExactly() {
        String text = text(pdf.render("Café", List.of(new PdfPage("Über", 0, "naïve façade — “quotes” €5"))));
        assertTrue(text.contains("naïve façade — “quotes” €5"), text);
    }

    @Test
    void longUnbreakableRunsWrapCheaplyAndKeepTheirText() {
        String token = "0123456789abcdef".repeat(3_000) + "😀" + "x".repeat(47); // 48k chars
        // the table token fits one page: repeated table headers would interleave otherwise
        String cellToken = "fedcba9876543210".repeat(100);
        String md = "Token: " + token + " end.\n\n```\n" + token + "\n```\n\n| a |\n|---|\n| "
                + cellToken + " |\n";
        long t0 = System.nanoTime();
        byte[] bytes = pdf.render("Long", List.of(new PdfPage("long", 0, md)));
        long millis = (System.nanoTime() - t0) / 1_000_000;
        // unsplit, one such 48k token took ~1-2 s and the cost grew quadratically
        assertTrue(millis < 5_000, "took " + millis + " ms");
        dump("long", bytes);
        String flat = text(bytes).lines()
                .filter(line -> !line.matches("\\d+ / \\d+")) // page footers
                .collect(java.util.stream.Collectors.joining())
                .replaceAll("\\s+", "");
        String expected = token.replace("😀", "#");
        assertEquals(2, flat.split(java.util.regex.Pattern.quote(expected), -1).length - 1, "token not intact");
        assertTrue(flat.contains(cellToken), "table cell token not intact");
    }

    @Test
    void limitsAreEnforcedBeforeRendering() {
        ChangeRequestPdf small = new ChangeRequestPdf(new Limits(2, 10, 15, 1_000), List.of());
        assertThrows(IllegalArgumentException.class, () -> small.render("t", List.of(
                new PdfPage("a", 0, ""), new PdfPage("b", 0, ""), new PdfPage("c", 0, ""))));
        assertThrows(IllegalArgumentException.class, () -> small.render("t", List.of(
                new PdfPage("a", 0, "x".repeat(11)))));
        assertThrows(IllegalArgumentException.class, () -> small.render("t", List.of(
                new PdfPage("a", 0, "x".repeat(10)), new PdfPage("b", 0, "x".repeat(6)))));
        assertDoesNotThrow(() -> small.render("t", List.of(
                new PdfPage("a", 0, "x".repeat(10)), new PdfPage("b", 0, "x".repeat(5)))));

        // element cap: a dense table is cheap in characters but expensive to lay out
        ChangeRequestPdf fewBoxes = new ChangeRequestPdf(new Limits(10, 100_000, 100_000, 500), List.of());
        String denseTable = "|a|b|\n|-|-|\n" + "|1|2|\n".repeat(200); // ~600 elements
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> fewBoxes.render("t", List.of(new PdfPage("t", 0, denseTable))));
        assertTrue(e.getMessage().contains("too complex"), e.getMessage());
        assertDoesNotThrow(() -> fewBoxes.render("t", List.of(new PdfPage("t", 0, "|a|b|\n|-|-|\n|1|2|\n"))));
    }

    // Position order: openhtmltopdf writes runs of one font together, so stream order would
    // pull emphasised words out of their sentence.
    static PDFTextStripper stripper() {
        PDFTextStripper stripper = new PDFTextStripper();
        stripper.setSortByPosition(true);
        return stripper;
    }

    /** Keeps the PDF under target/ for eyeballing (pdftoppm). */
    static void dump(String name, byte[] bytes) {
        try {
            Files.createDirectories(Path.of("target"));
            Files.write(Path.of("target", name + ".pdf"), bytes);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    static String text(byte[] bytes) {
        try (PDDocument doc = Loader.loadPDF(bytes)) {
            return stripper().getText(doc);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static List<String> linkUris(PDDocument doc) throws IOException {
        List<String> uris = new ArrayList<>();
        for (PDPage page : doc.getPages()) {
            for (PDAnnotation a : page.getAnnotations()) {
                if (a instanceof PDAnnotationLink link && link.getAction() instanceof PDActionURI uri) {
                    uris.add(uri.getURI());
                }
            }
        }
        return uris;
    }
}
