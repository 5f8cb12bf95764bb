package io.bindery.sites.reader;

import io.bindery.document.Slugs;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Heading;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.node.Code;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.commonmark.renderer.html.UrlSanitizer;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * A page's markdown as safe HTML for the reader. Anyone who can edit a space writes what visitors' browsers run on
 * the API's origin, so: raw HTML in the markdown is escaped (shown as text, never parsed), and a link or image whose
 * address is not relative, http(s) or mailto (javascript:, data:, vbscript:, …) loses its address. GFM tables;
 * headings get ids (their slug, numbered when repeated) and make the outline; fenced code keeps its language as
 * class {@code language-x}, is highlighted and labelled with its language ({@link CodeBlockRenderer}); links to other pages ({@code /pages/<id>}, content's canonical form) and to files
 * ({@code /files/<id>}) are rewritten to their published addresses.
 */
public final class PageRenderer {
    private static final Parser PARSER = Parser.builder().extensions(List.of(TablesExtension.create())).build();

    /** A heading of the outline: level 1-6, its text, its anchor id. */
    public record OutlineEntry(int level, String text, String id) {
    }

    /** {@code summary}: the start of the first paragraph as plain text (at most {@link #SUMMARY} characters), or null. */
    public record Rendered(String html, List<OutlineEntry> outline, String summary) {
    }

    static final int SUMMARY = 160;

    private PageRenderer() {
    }

    /**
     * @param title   the page's title, which the template shows as its heading: a first heading of level 1 that says
     *                the same is left out, so the title is not shown twice
     * @param pageUrl page id to its published address (null when the page is not in the tree: the link is left to
     *                404 on the site)
     * @param fileUrl file id to its address
     */
    public static Rendered render(String markdown, String title, Function<String, String> pageUrl, Function<String, String> fileUrl) {
        Node document = PARSER.parse(markdown == null ? "" : markdown);
        if (document.getFirstChild() instanceof Heading first && first.getLevel() == 1 && title != null
                && sameTitle(textOf(first), title)) {
            first.unlink();
        }
        List<OutlineEntry> outline = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        Set<Node> anchors = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        document.accept(new AbstractVisitor() {
            @Override
            public void visit(Heading heading) {
                String text = textOf(heading).trim();
                String base = Slugs.of(text);
                String id = base.isEmpty() ? "section" : base;
                for (int n = 2; !ids.add(id); n++) {
                    id = (base.isEmpty() ? "section" : base) + "-" + n;
                }
                outline.add(new OutlineEntry(heading.getLevel(), text, id));
                super.visit(heading);
                // a link to the heading itself, after its text (visited already, so it is not rewritten)
                Link anchor = new Link("#" + id, null);
                anchor.appendChild(new Text("#"));
                heading.appendChild(anchor);
                anchors.add(anchor);
            }

            @Override
            public void visit(Link link) {
                link.setDestination(rewrite(link.getDestination(), pageUrl, fileUrl));
                super.visit(link);
            }

            @Override
            public void visit(Image image) {
                image.setDestination(rewrite(image.getDestination(), pageUrl, fileUrl));
                super.visit(image);
            }
        });
        int[] next = {0};
        HtmlRenderer renderer = HtmlRenderer.builder()
                .extensions(List.of(TablesExtension.create()))
                .escapeHtml(true)
                .sanitizeUrls(true)
                .urlSanitizer(SAFE_URLS)
                .nodeRendererFactory(CodeBlockRenderer::new)
                .attributeProviderFactory(context -> (node, tagName, attributes) -> {
                    if (node instanceof Heading && next[0] < outline.size()) {
                        attributes.put("id", outline.get(next[0]++).id());
                    } else if (anchors.contains(node)) {
                        attributes.remove("rel"); // a link within the page: nothing to tell crawlers
                        attributes.put("class", "anchor");
                        attributes.put("aria-label", "Link to this section");
                    }
                })
                .build();
        return new Rendered(renderer.render(document), List.copyOf(outline), summary(document));
    }

    /** Relative addresses, http(s) and mailto pass; every other scheme loses its address (the text stays). */
    static final UrlSanitizer SAFE_URLS = new UrlSanitizer() {
        @Override
        public String sanitizeLinkUrl(String url) {
            return safe(url);
        }

        @Override
        public String sanitizeImageUrl(String url) {
            return safe(url);
        }
    };

    static String safe(String url) {
        // browsers ignore tabs, newlines and controls inside a scheme ("java\tscript:"): judge the address without them
        String compact = url.replaceAll("[\\s\\x00-\\x1f]", "").toLowerCase(Locale.ROOT);
        int colon = compact.indexOf(':');
        int end = compact.length();
        for (char c : new char[]{'/', '?', '#'}) {
            int at = compact.indexOf(c);
            if (at >= 0 && at < end) {
                end = at;
            }
        }
        if (colon < 0 || colon > end) {
            return url; // no scheme: a relative address
        }
        return switch (compact.substring(0, colon)) {
            case "http", "https", "mailto" -> url;
            default -> "";
        };
    }

    private static String rewrite(String destination, Function<String, String> pageUrl, Function<String, String> fileUrl) {
        if (destination.startsWith("/pages/")) {
            String rest = destination.substring("/pages/".length());
            int hash = rest.indexOf('#');
            String id = hash < 0 ? rest : rest.substring(0, hash);
            String url = pageUrl.apply(id);
            return url == null ? destination : url + (hash < 0 ? "" : rest.substring(hash));
        }
        if (destination.startsWith("/files/")) {
            String url = fileUrl.apply(destination.substring("/files/".length()));
            return url == null ? destination : url;
        }
        return destination;
    }

    /** The first paragraph's text, whitespace folded, cut at a word before {@link #SUMMARY} characters. */
    private static String summary(Node document) {
        for (Node n = document.getFirstChild(); n != null; n = n.getNext()) {
            if (n instanceof org.commonmark.node.Paragraph) {
                String text = textOf(n).replaceAll("\\s+", " ").strip();
                if (text.isEmpty()) {
                    continue;
                }
                if (text.length() <= SUMMARY) {
                    return text;
                }
                int cut = text.lastIndexOf(' ', SUMMARY - 1);
                return text.substring(0, cut > SUMMARY / 2 ? cut : SUMMARY - 1) + "\u2026";
            }
        }
        return null;
    }

    /** Whether a heading says the page's title: the same words, ignoring case and surrounding spaces. */
    static boolean sameTitle(String heading, String title) {
        return heading.strip().equalsIgnoreCase(title.strip());
    }

    private static String textOf(Node node) {
        StringBuilder out = new StringBuilder();
        node.accept(new AbstractVisitor() {
            @Override
            public void visit(Text text) {
                out.append(text.getLiteral());
            }

            @Override
            public void visit(Code code) {
                out.append(code.getLiteral());
            }

            @Override
            public void visit(org.commonmark.node.SoftLineBreak lineBreak) {
                out.append(' ');
            }

            @Override
            public void visit(org.commonmark.node.HardLineBreak lineBreak) {
                out.append(' ');
            }
        });
        return out.toString();
    }
}
