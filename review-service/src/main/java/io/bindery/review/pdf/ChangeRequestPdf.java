package io.bindery.review.pdf;

import com.openhtmltopdf.outputdevice.helper.BaseRendererBuilder;
import com.openhtmltopdf.outputdevice.helper.ExternalResourceControlPriority;
import com.openhtmltopdf.pdfboxout.PdfRendererBuilder;
import com.openhtmltopdf.util.Diagnostic;
import com.openhtmltopdf.util.XRLog;
import com.openhtmltopdf.util.XRLogger;
import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Image;
import org.commonmark.node.Node;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.NodeRenderer;
import org.commonmark.renderer.html.DefaultUrlSanitizer;
import org.commonmark.renderer.html.HtmlNodeRendererContext;
import org.commonmark.renderer.html.HtmlRenderer;
import org.commonmark.renderer.html.HtmlWriter;
import org.jsoup.helper.W3CDom;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.logging.Level;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Renders a change request (subject + its pages' markdown) into a PDF.
 *
 * <p>Pipeline: commonmark (+ GFM tables) → HTML fragment with raw HTML escaped and URLs sanitized →
 * jsoup document (which always yields a well-formed tree) → W3C DOM → openhtmltopdf/PDFBox.
 *
 * <p>Safety: user markdown can never contribute markup of its own (raw HTML is rendered as text),
 * images are replaced by their alt text, and every external resource load (CSS, fonts, images, SVG,
 * embedded files…) is refused by the renderer, so a render never touches the network or the file
 * system (except the optional fallback font files the operator configured).
 *
 * <p>Cost: rendering is single-threaded and CPU bound, roughly linear in the amount of markdown
 * (see {@link Limits}); input beyond the limits is rejected up front with
 * {@link IllegalArgumentException} so one request cannot occupy a worker for long. Instances are
 * immutable and thread-safe; each call builds its own renderer.
 */
public final class ChangeRequestPdf {

    /** One page of the change request, in display order. {@code depth} 0 = top level. */
    public record PdfPage(String title, int depth, String markdown) {
        public PdfPage {
            title = title == null ? "" : title;
            markdown = markdown == null ? "" : markdown;
        }
    }

    /**
     * Upper bounds on the input; exceeding one fails fast with {@link IllegalArgumentException}
     * before any layout work. Layout time and heap grow about linearly with the number of HTML
     * elements (each table cell, list item, paragraph, emphasis… is a box), so {@code maxElements}
     * is the real cost cap; the character caps bound parsing and plain-text volume.
     */
    public record Limits(int maxPages, int maxMarkdownCharsPerPage, long maxTotalMarkdownChars,
                         int maxElements) {
        /**
         * Measured (one render uses one core; JDK 25, shared 2-core box, warm JVM): typical
         * markdown is ~40 elements per KB; 100 pages (110 KB) take ~0.25–0.4 s, 1 MB (~900
         * pages) ~2 s and 128–256 MB of heap. The costliest shape per element is a dense table:
         * at the 60,000-element cap ~2–3 s and ~250 MB of heap. Long unbreakable tokens are
         * defused in {@code splitLongRuns}.
         */
        public static final Limits DEFAULT = new Limits(1_000, 200_000, 1_000_000, 60_000);

        public Limits {
            if (maxPages < 0 || maxMarkdownCharsPerPage < 0 || maxTotalMarkdownChars < 0
                    || maxElements < 0) {
                throw new IllegalArgumentException("limits must not be negative");
            }
        }
    }

    private static final int MAX_TITLE_CHARS = 1_000;
    // Outline (bookmark) nesting; deeper pages hang under the deepest allowed level.
    private static final int MAX_OUTLINE_DEPTH = 8;
    // Nesting caps: deeply nested block quotes / lists / emphasis would otherwise produce a DOM
    // deep enough to make the (recursive) layout engine slow or overflow the stack.
    private static final int MAX_BLOCK_NESTING = 16;
    private static final int MAX_INLINE_NESTING = 16;
    // Characters XML 1.0 forbids; they would end up in the DOM handed to the layout engine.
    private static final Pattern XML_ILLEGAL =
            Pattern.compile("[\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\uFFFE\\uFFFF]");
    // Unbreakable runs longer than this are cut every RUN_CHUNK chars (see splitLongRuns).
    private static final Pattern LONG_RUN = Pattern.compile("\\S{33,}");
    private static final int RUN_CHUNK = 16;
    private static final Pattern USABLE_HREF =
            Pattern.compile("(?i)(https?://|mailto:|#).+");
    private static final String BASE_URI = "about:blank";
    private static final String FALLBACK_FAMILY = "bindery-fallback";
    private static final System.Logger LOG = System.getLogger(ChangeRequestPdf.class.getName());

    private static final String CSS = """
            @page {
              size: A4;
              margin: 20mm 18mm 22mm 18mm;
              @bottom-center { content: counter(page) " / " counter(pages);
                               font-family: %1$s; font-size: 8pt; color: #666; }
            }
            body { font-family: %1$s; font-size: 10.5pt; line-height: 1.4; color: #111; }
            h1, h2, h3, h4, h5, h6 { font-family: %1$s; line-height: 1.2; margin: 1em 0 0.4em 0;
                                     page-break-after: avoid; }
            h1 { font-size: 20pt; }
            h2 { font-size: 16pt; }
            h3 { font-size: 13.5pt; }
            h4 { font-size: 12pt; }
            h5 { font-size: 11pt; }
            h6 { font-size: 10.5pt; font-style: italic; }
            h1.doc-title { font-size: 22pt; margin-top: 0; border-bottom: 1.5pt solid #333;
                           padding-bottom: 4pt; }
            .page-title { border-bottom: 0.5pt solid #aaa; padding-bottom: 2pt; }
            section.page { margin-top: 1.2em; }
            p { margin: 0.5em 0; }
            a { color: #1a4f9c; text-decoration: underline; }
            code, pre { font-family: %2$s; font-size: 9pt; }
            code { background-color: #f2f2f2; }
            pre { background-color: #f6f6f6; border: 0.5pt solid #ddd; padding: 6pt;
                  white-space: pre-wrap; }
            pre code { background-color: transparent; }
            blockquote { margin: 0.5em 0 0.5em 0; padding-left: 8pt; border-left: 2pt solid #ccc;
                         color: #444; }
            ul, ol { margin: 0.4em 0; padding-left: 18pt; }
            li { margin: 0.15em 0; }
            table { border-collapse: collapse; margin: 0.6em 0; -fs-table-paginate: paginate; }
            th, td { border: 0.5pt solid #999; padding: 3pt 5pt; vertical-align: top; }
            th { background-color: #eee; font-weight: bold; }
            hr { border: none; border-top: 0.5pt solid #aaa; }
            .img-alt { font-style: italic; color: #555; }
            body, td, th, pre, p, li { word-wrap: break-word; }
            """;

    static {
        quietRendererLogging();
    }

    private final Parser parser;
    private final HtmlRenderer htmlRenderer;
    private final Limits limits;
    private final List<Path> fallbackFonts;

    /** Built-in PDF fonts only (Helvetica / Courier): glyphs outside Latin-1-ish sets are lost. */
    public ChangeRequestPdf() {
        this(Limits.DEFAULT, List.of());
    }

    /**
     * @param fallbackFonts TrueType files for scripts the built-in PDF fonts lack (e.g.
     *                      DejaVuSans.ttf: Greek, Cyrillic, symbols; a Noto CJK TTF for CJK).
     *                      Registered as one family at normal weight (bold/italic are
     *                      synthesized). Note openhtmltopdf then uses this family for all text,
     *                      not only for missing glyphs; only the glyphs used are embedded.
     */
    public ChangeRequestPdf(Limits limits, List<Path> fallbackFonts) {
        this.limits = Objects.requireNonNull(limits, "limits");
        this.fallbackFonts = List.copyOf(fallbackFonts);
        for (Path font : this.fallbackFonts) {
            if (!Files.isReadable(font)) {
                throw new IllegalArgumentException("fallback font not readable: " + font);
            }
        }
        List<Extension> extensions = List.of(TablesExtension.create());
        this.parser = Parser.builder()
                .extensions(extensions)
                .maxOpenBlockParsers(MAX_BLOCK_NESTING)
                .maxInlineNesting(MAX_INLINE_NESTING)
                .build();
        this.htmlRenderer = HtmlRenderer.builder()
                .extensions(extensions)
                // raw HTML in the markdown is shown as text, never interpreted
                .escapeHtml(true)
                // javascript:, file:, data: … links are dropped; only these survive as PDF links
                .sanitizeUrls(true)
                .urlSanitizer(new DefaultUrlSanitizer(List.of("http", "https", "mailto")))
                .nodeRendererFactory(AltTextImageRenderer::new)
                .build();
    }

    /**
     * @param documentTitle change request subject, rendered as the top heading and PDF title
     * @param pages         pages in display order; empty → a PDF with only the title
     * @return the PDF bytes
     * @throws IllegalArgumentException if the input exceeds the configured {@link Limits}
     */
    public byte[] render(String documentTitle, List<PdfPage> pages) {
        List<PdfPage> input = pages == null ? List.of() : pages;
        checkLimits(input);
        String title = clean(documentTitle == null ? "" : documentTitle, MAX_TITLE_CHARS);

        Document doc = Document.createShell("");
        doc.outputSettings().prettyPrint(false);
        Element head = doc.head();
        head.appendElement("title").text(title);
        head.appendElement("meta").attr("name", "subject").attr("content", title);
        head.appendElement("style").appendText(css());
        // openhtmltopdf turns <bookmarks> in <head> into the PDF outline (sidebar navigation).
        Element bookmarks = head.appendElement("bookmarks");

        Element body = doc.body();
        body.appendElement("h1").addClass("doc-title").attr("id", "cr-title").text(title);

        Deque<Element> outline = new ArrayDeque<>();
        int index = 0;
        long elements = 0;
        for (PdfPage page : input) {
            Objects.requireNonNull(page, "pages must not contain null");
            int depth = Math.min(Math.max(0, page.depth()), MAX_OUTLINE_DEPTH);
            // doc title is h1; top-level pages h2, then one level per depth, capped at h4 so the
            // page's own markdown headings still have room below it
            int level = Math.min(2 + depth, 4);
            String id = "p" + (index++);
            String pageTitle = clean(page.title(), MAX_TITLE_CHARS);

            Element section = body.appendElement("section").addClass("page");
            section.appendElement("h" + level).addClass("page-title").attr("id", id).text(pageTitle);
            Element content = section.appendElement("div").addClass("page-body");
            // The fragment comes from commonmark with raw HTML escaped, so this parse only ever
            // sees commonmark's own tags; jsoup makes it a well-formed tree regardless.
            content.html(htmlRenderer.render(parser.parse(clean(page.markdown(), Integer.MAX_VALUE))));
            elements += content.getAllElements().size();
            if (elements > limits.maxElements()) {
                throw new IllegalArgumentException("change request too complex for PDF export: more than "
                        + limits.maxElements() + " formatting elements (tables, lists, paragraphs…)");
            }
            shiftHeadings(content, level);
            unwrapUnusableLinks(content);
            splitLongRuns(content);

            while (outline.size() > depth) {
                outline.pop();
            }
            Element parent = outline.isEmpty() ? bookmarks : outline.peek();
            Element mark = parent.appendElement("bookmark")
                    .attr("name", pageTitle.isBlank() ? "(untitled)" : pageTitle)
                    .attr("href", "#" + id);
            // pad missing intermediate levels so a jump from depth 0 to 3 still nests
            while (outline.size() < depth) {
                outline.push(mark);
            }
            outline.push(mark);
        }
        if (bookmarks.childrenSize() == 0) {
            bookmarks.remove();
        }

        org.w3c.dom.Document w3c = new W3CDom().fromJsoup(doc);
        return toPdf(w3c);
    }

    // package-private so tests can prove the resource lock-down on markup our pipeline never emits
    byte[] toPdf(org.w3c.dom.Document w3c) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64 * 1024);
        PdfRendererBuilder builder = new PdfRendererBuilder()
                .withW3cDocument(w3c, BASE_URI)
                .useFastMode()
                .withProducer("Bindery")
                // No external resources at all: checked before and after URI resolution, and
                // the stream factories below refuse every protocol as a second line of defence.
                .useExternalResourceAccessControl((uri, type) -> false,
                        ExternalResourceControlPriority.RUN_BEFORE_RESOLVING_URI)
                .useExternalResourceAccessControl((uri, type) -> false,
                        ExternalResourceControlPriority.RUN_AFTER_RESOLVING_URI)
                .useHttpStreamImplementation(ChangeRequestPdf::refuse)
                .useProtocolsStreamImplementation(ChangeRequestPdf::refuse,
                        "file", "jar", "ftp", "data", "classpath", "about")
                .toStream(out);
        for (Path font : fallbackFonts) {
            builder.useFont(font.toFile(), FALLBACK_FAMILY, 400, BaseRendererBuilder.FontStyle.NORMAL,
                    true);
        }
        try {
            builder.run();
        } catch (IOException e) {
            // only an in-memory stream is written, so this is a renderer failure, not client input
            throw new UncheckedIOException("PDF rendering failed", e);
        }
        return out.toByteArray();
    }

    private String css() {
        String fallback = fallbackFonts.isEmpty() ? "" : ", '" + FALLBACK_FAMILY + "'";
        return CSS.formatted("sans-serif" + fallback, "monospace" + fallback);
    }

    private void checkLimits(List<PdfPage> pages) {
        if (pages.size() > limits.maxPages()) {
            throw new IllegalArgumentException(
                    "too many pages for PDF export: " + pages.size() + " > " + limits.maxPages());
        }
        long total = 0;
        for (PdfPage page : pages) {
            if (page == null) {
                continue; // reported with a clearer message during rendering
            }
            int len = page.markdown().length();
            if (len > limits.maxMarkdownCharsPerPage()) {
                throw new IllegalArgumentException("page '" + abbreviate(page.title())
                        + "' too large for PDF export: " + len + " > "
                        + limits.maxMarkdownCharsPerPage() + " characters");
            }
            total += len;
        }
        if (total > limits.maxTotalMarkdownChars()) {
            throw new IllegalArgumentException("change request too large for PDF export: " + total
                    + " > " + limits.maxTotalMarkdownChars() + " characters of markdown");
        }
    }

    /** Renumbers the markdown's own headings so they nest below the page title (h6 at most). */
    private static void shiftHeadings(Element content, int pageLevel) {
        for (Element h : content.select("h1, h2, h3, h4, h5, h6")) {
            int original = h.tagName().charAt(1) - '0';
            h.tagName("h" + Math.min(6, original + pageLevel));
        }
    }

    /**
     * Keeps only links that work from a PDF: absolute http(s)/mailto and in-document anchors.
     * Relative links (meaningless once the PDF is downloaded) and those the URL sanitizer emptied
     * (javascript: etc.) become plain text.
     */
    private static void unwrapUnusableLinks(Element content) {
        for (Element a : content.select("a")) {
            if (!USABLE_HREF.matcher(a.attr("href")).lookingAt()) {
                a.unwrap();
            }
        }
    }

    /**
     * openhtmltopdf's break-word handling is quadratic in the length of an unbreakable run
     * (a 100k-character token took seconds, 200k over 20 s). Cutting long runs into adjacent
     * text nodes gives the line breaker cheap break points; nothing visible changes except
     * where such a run wraps, and extracted text is unchanged.
     */
    private static void splitLongRuns(Element content) {
        List<TextNode> longOnes = new ArrayList<>();
        NodeTraversor.traverse((node, depth) -> {
            if (node instanceof TextNode t && LONG_RUN.matcher(t.getWholeText()).find()) {
                longOnes.add(t);
            }
        }, content);
        for (TextNode t : longOnes) {
            String text = t.getWholeText();
            Matcher m = LONG_RUN.matcher(text);
            List<String> parts = new ArrayList<>();
            int from = 0;
            while (m.find()) {
                int cut = m.start() + RUN_CHUNK;
                while (cut < m.end()) {
                    if (Character.isLowSurrogate(text.charAt(cut))) {
                        cut++; // never separate a surrogate pair
                        continue;
                    }
                    parts.add(text.substring(from, cut));
                    from = cut;
                    cut += RUN_CHUNK;
                }
            }
            parts.add(text.substring(from));
            t.text(parts.get(0));
            org.jsoup.nodes.Node previous = t;
            for (int i = 1; i < parts.size(); i++) {
                TextNode next = new TextNode(parts.get(i));
                previous.after(next);
                previous = next;
            }
        }
    }

    private static String clean(String s, int maxChars) {
        String c = XML_ILLEGAL.matcher(s).replaceAll("\uFFFD");
        return c.length() > maxChars ? c.substring(0, maxChars) + "…" : c;
    }

    private static String abbreviate(String s) {
        return s.length() > 80 ? s.substring(0, 80) + "…" : s;
    }

    private static com.openhtmltopdf.extend.FSStream refuse(String uri) {
        // returning null makes the renderer treat the resource as missing
        LOG.log(System.Logger.Level.DEBUG, "refused external resource {0}", uri);
        return null;
    }

    /**
     * openhtmltopdf otherwise installs its own JUL console handler and prints INFO chatter for
     * every render. Its logger is process-global, so only set it when nobody else has.
     */
    private static void quietRendererLogging() {
        synchronized (XRLog.class) {
            if (XRLog.getLoggerImpl() == null) {
                XRLog.setLoggerImpl(new SystemXRLogger());
            }
        }
    }

    /** Routes openhtmltopdf logging to System.Logger (→ JBoss logging under Quarkus). */
    private static final class SystemXRLogger implements XRLogger {
        // Its WARNINGs are about the content (missing glyphs, refused resources), not the
        // service, so they go to DEBUG; only SEVERE stays a warning.
        private static System.Logger.Level map(Level level) {
            if (level.intValue() >= Level.SEVERE.intValue()) {
                return System.Logger.Level.WARNING;
            }
            return level.intValue() >= Level.WARNING.intValue()
                    ? System.Logger.Level.DEBUG : System.Logger.Level.TRACE;
        }

        @Override
        public void log(String where, Level level, String msg) {
            System.getLogger(where).log(map(level), msg);
        }

        @Override
        public void log(String where, Level level, String msg, Throwable th) {
            System.getLogger(where).log(map(level), msg, th);
        }

        @Override
        public void setLevel(String logger, Level level) {
            // levels belong to the application's logging configuration
        }

        @Override
        public boolean isLogLevelEnabled(Diagnostic diagnostic) {
            return System.getLogger(XRLog.GENERAL).isLoggable(map(diagnostic.getLevel()));
        }
    }

    /** Replaces images by their alt text: a PDF export must never fetch remote content. */
    private static final class AltTextImageRenderer implements NodeRenderer {
        private final HtmlWriter html;

        AltTextImageRenderer(HtmlNodeRendererContext context) {
            this.html = context.getWriter();
        }

        @Override
        public Set<Class<? extends Node>> getNodeTypes() {
            return Set.of(Image.class);
        }

        @Override
        public void render(Node node) {
            StringBuilder alt = new StringBuilder();
            node.accept(new AbstractVisitor() {
                @Override
                public void visit(Text text) {
                    alt.append(text.getLiteral());
                }

                @Override
                public void visit(Code code) {
                    alt.append(code.getLiteral());
                }

                @Override
                public void visit(SoftLineBreak softLineBreak) {
                    alt.append(' ');
                }

                @Override
                public void visit(HardLineBreak hardLineBreak) {
                    alt.append(' ');
                }
            });
            String text = alt.toString().isBlank() ? "image" : alt.toString().strip();
            html.tag("span", Map.of("class", "img-alt"));
            html.text("[" + text + "]");
            html.tag("/span");
        }
    }
}
