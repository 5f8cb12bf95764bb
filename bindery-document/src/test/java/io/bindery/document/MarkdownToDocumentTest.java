package io.bindery.document;

import static io.bindery.document.DocumentTestSupport.allObjects;
import static io.bindery.document.DocumentTestSupport.asList;
import static io.bindery.document.DocumentTestSupport.asMap;
import static io.bindery.document.DocumentTestSupport.assertMatchesGitBookSchema;
import static io.bindery.document.DocumentTestSupport.data;
import static io.bindery.document.DocumentTestSupport.depth;
import static io.bindery.document.DocumentTestSupport.map;
import static io.bindery.document.DocumentTestSupport.node;
import static io.bindery.document.DocumentTestSupport.nodes;
import static io.bindery.document.DocumentTestSupport.nodesOfType;
import static io.bindery.document.DocumentTestSupport.textOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MarkdownToDocumentTest {

    private static Map<String, Object> doc(String markdown) {
        Map<String, Object> document = MarkdownDocuments.toDocument(markdown);
        assertMatchesGitBookSchema(document);
        return document;
    }

    private static Map<String, Object> only(String markdown) {
        List<Object> blocks = nodes(doc(markdown));
        assertEquals(1, blocks.size(), () -> "blocks of " + markdown + ": " + blocks);
        return asMap(blocks.getFirst());
    }

    /** The leaves of the first text node of a block, as "text[mark,mark]" strings. */
    private static List<String> leaves(Map<String, Object> textNode) {
        return asList(textNode.get("leaves")).stream().map(DocumentTestSupport::asMap)
                .map(leaf -> leaf.get("text") + asList(leaf.get("marks")).stream()
                        .map(mark -> (String) asMap(mark).get("type")).toList().toString())
                .toList();
    }

    @Test
    void envelope() {
        Map<String, Object> document = MarkdownDocuments.toDocument("");
        assertEquals(map("object", "document", "data", map("schemaVersion", 1), "nodes", List.of()), document);
    }

    @Test
    void paragraphIsABlockOfTextLeaves() {
        Map<String, Object> paragraph = only("Hello world");
        assertEquals("block", paragraph.get("object"));
        assertEquals("paragraph", paragraph.get("type"));
        assertEquals(false, paragraph.get("isVoid"));
        assertEquals(map(), paragraph.get("data"));
        Map<String, Object> text = node(paragraph, 0);
        assertEquals("text", text.get("object"));
        assertEquals(List.of(map("object", "leaf", "text", "Hello world", "marks", List.of())), text.get("leaves"));
    }

    @Test
    void headingLevelsBeyondThreeBecomeHeadingThree() {
        List<Object> blocks = nodes(doc("# a\n\n## b\n\n### c\n\n#### d\n\n##### e\n\n###### f\n\ng\n-"));
        assertEquals(List.of("heading-1", "heading-2", "heading-3", "heading-3", "heading-3", "heading-3", "heading-2"),
                blocks.stream().map(b -> asMap(b).get("type")).toList());
        assertEquals("d", textOf(blocks.get(3)));
        assertEquals(map(), data(asMap(blocks.get(0))));
    }

    @Test
    void marks() {
        Map<String, Object> paragraph = only("a *i* **b** `c` ~~s~~ ***bi*** **`bc`** _u_ __w__");
        assertEquals(List.of("a []", "i[italic]", " []", "b[bold]", " []", "c[code]", " []", "s[strikethrough]", " []",
                        "bi[bold, italic]", " []", "bc[bold, code]", " []", "u[italic]", " []", "w[bold]"),
                leaves(node(paragraph, 0)));
        Map<String, Object> mark = asMap(asList(asMap(asList(node(paragraph, 0).get("leaves")).get(1)).get("marks")).get(0));
        assertEquals(map("object", "mark", "type", "italic", "data", map()), mark);
    }

    @Test
    void singleTildeIsNotStrikethrough() {
        assertEquals(List.of("~5 min, ~~~x~~~[]"), leaves(node(only("~5 min, ~~~x~~~"), 0)));
    }

    @Test
    void inlineHtmlMarkTagsAndLineBreaksBecomeMarksAndBreaks() {
        Map<String, Object> paragraph = only("a<strong>b</strong><em>i</em><del>d</del>x<br>y <span>z</span>");
        assertEquals(List.of("a[]", "b[bold]", "i[italic]", "d[strikethrough]", "x\ny <span>z</span>[]"),
                leaves(node(paragraph, 0)));
    }

    @Test
    void breaks() {
        assertEquals(List.of("soft wraps\nhard\nbackslash[]"),
                leaves(node(only("soft\nwraps  \nhard\\\nbackslash"), 0)));
        assertEquals(List.of("a[]", "b\nc[bold]"), leaves(node(only("a**b\\\nc**"), 0)));
    }

    @Test
    void linkKinds() {
        Map<String, Object> paragraph = only(
                "[u](https://example.com/a?b=1) [p](/pages/p1) [a](/pages/p1#setup) [f](/files/f1) "
                        + "[r](pages/p1) [q](/pages/p1?x) [h](#local) [e](/pages/p1#)");
        List<Map<String, Object>> links = nodesOfType(paragraph, "link");
        List<Object> refs = links.stream().map(link -> data(link).get("ref")).toList();
        assertEquals(List.of(
                map("kind", "url", "url", "https://example.com/a?b=1"),
                map("kind", "page", "page", "p1"),
                map("kind", "anchor", "anchor", "setup", "page", "p1"),
                map("kind", "file", "file", "f1"),
                map("kind", "url", "url", "pages/p1"),
                map("kind", "url", "url", "/pages/p1?x"),
                map("kind", "url", "url", "#local"),
                map("kind", "page", "page", "p1")), refs);
        Map<String, Object> first = links.getFirst();
        assertEquals("inline", first.get("object"));
        assertEquals(false, first.get("isVoid"));
        assertEquals("u", textOf(first));
    }

    @Test
    void textNodesSurroundInlines() {
        List<Object> inlines = nodes(only("[a](x)[b](y)"));
        assertEquals(List.of("text", "inline", "text", "inline", "text"),
                inlines.stream().map(n -> asMap(n).get("object")).toList());
        assertEquals("", textOf(inlines.get(0)));
        assertEquals("", textOf(inlines.get(2)));
    }

    @Test
    void marksInsideAndAroundLinks() {
        Map<String, Object> paragraph = only("**bold [link *it*](x)**");
        assertEquals(List.of("bold [bold]"), leaves(node(paragraph, 0)));
        assertEquals(List.of("link [bold]", "it[bold, italic]"), leaves(node(paragraph, 1, 0)));
    }

    @Test
    void referenceLinksAndAutolinksResolve() {
        Map<String, Object> paragraph = only("[a][r] <https://b.example> <me@c.example>\n\n[r]: /pages/p2 \"T\"");
        List<Object> refs = nodesOfType(paragraph, "link").stream().map(l -> data(l).get("ref")).toList();
        assertEquals(List.of(map("kind", "page", "page", "p2"), map("kind", "url", "url", "https://b.example"),
                map("kind", "url", "url", "mailto:me@c.example")), refs);
    }

    @Test
    void standaloneImagesBecomeAnImagesBlock() {
        Map<String, Object> images = only("![Alt *text*](/files/img1 \"A caption\")\n![](https://x.example/b.png)");
        assertEquals("images", images.get("type"));
        assertEquals(false, images.get("isVoid"));
        List<Object> imageNodes = nodes(images);
        assertEquals(2, imageNodes.size());
        Map<String, Object> first = asMap(imageNodes.get(0));
        assertEquals("image", first.get("type"));
        assertEquals(true, first.get("isVoid"));
        assertEquals(map("ref", map("kind", "file", "file", "img1"), "alt", "Alt text"), first.get("data"));
        Map<String, Object> caption = asMap(asList(first.get("fragments")).getFirst());
        assertEquals("caption", caption.get("fragment"));
        assertEquals("A caption", textOf(caption));
        Map<String, Object> second = asMap(imageNodes.get(1));
        assertEquals(map("ref", map("kind", "url", "url", "https://x.example/b.png")), second.get("data"));
        assertEquals(List.of(), second.get("fragments"));
    }

    @Test
    void imagesWithTextStayInline() {
        Map<String, Object> paragraph = only("See ![diagram](/files/d1 \"Fig 1\") here");
        Map<String, Object> image = asMap(nodes(paragraph).get(1));
        assertEquals("inline", image.get("object"));
        assertEquals("inline-image", image.get("type"));
        assertEquals(true, image.get("isVoid"));
        assertEquals(map("ref", map("kind", "file", "file", "d1"), "alt", "diagram", "caption", "Fig 1"), image.get("data"));
    }

    @Test
    void imagesOutsideTheTopLevelStayInline() {
        // GitBook list items and quotes cannot hold an images block.
        Map<String, Object> list = only("- ![a](/files/x)");
        assertEquals("paragraph", node(list, 0, 0).get("type"));
        assertEquals("inline-image", node(list, 0, 0, 1).get("type"));
        Map<String, Object> quote = only("> ![a](/files/x)");
        assertEquals("inline-image", node(quote, 0, 1).get("type"));
    }

    @Test
    void linkedImageIsAnImageInsideALink() {
        Map<String, Object> paragraph = only("[![logo](/files/l)](https://home.example)");
        Map<String, Object> link = asMap(nodes(paragraph).get(1));
        assertEquals("link", link.get("type"));
        assertEquals("inline-image", node(link, 1).get("type"));
    }

    @Test
    void nestedLists() {
        Map<String, Object> list = only("- a\n  - b\n    1. c\n- d");
        assertEquals("list-unordered", list.get("type"));
        assertEquals(2, nodes(list).size());
        Map<String, Object> firstItem = node(list, 0);
        assertEquals("list-item", firstItem.get("type"));
        assertEquals("paragraph", node(firstItem, 0).get("type"));
        Map<String, Object> nested = node(firstItem, 1);
        assertEquals("list-unordered", nested.get("type"));
        assertEquals("list-ordered", node(nested, 0, 1).get("type"));
        assertEquals("c", textOf(node(nested, 0, 1, 0)));
    }

    @Test
    void orderedListStart() {
        assertEquals(map(), data(only("1. a\n2. b")));
        assertEquals(map("start", 7), data(only("7) a\n8) b")));
        assertEquals(map("start", 0), data(only("0. a")));
    }

    @Test
    void emptyListItemsAndQuotesHoldAnEmptyParagraph() {
        Map<String, Object> list = only("-\n- b");
        assertEquals("paragraph", node(list, 0, 0).get("type"));
        assertEquals("", textOf(node(list, 0)));
        Map<String, Object> quote = only(">");
        assertEquals("paragraph", node(quote, 0).get("type"));
    }

    @Test
    void blockQuotes() {
        Map<String, Object> quote = only("> a\n>\n> > b\n> - c");
        assertEquals("blockquote", quote.get("type"));
        assertEquals(List.of("paragraph", "blockquote", "list-unordered"),
                nodes(quote).stream().map(n -> asMap(n).get("type")).toList());
    }

    @Test
    void fencedCode() {
        Map<String, Object> code = only("```js title=\"a.js\"\nconst a = 1;\n\n  b();\n```");
        assertEquals("code", code.get("type"));
        assertEquals(map("syntax", "js"), code.get("data"));
        List<Object> lines = nodes(code);
        assertEquals(3, lines.size());
        Map<String, Object> line = asMap(lines.get(0));
        assertEquals("code-line", line.get("type"));
        assertEquals(false, line.get("isVoid"));
        assertEquals(map(), line.get("data"));
        assertEquals(List.of("const a = 1;", "", "  b();"), lines.stream().map(DocumentTestSupport::textOf).toList());
    }

    @Test
    void indentedAndEmptyCode() {
        Map<String, Object> code = only("    x = 1\n      y\n");
        assertEquals(map(), code.get("data"));
        assertEquals(List.of("x = 1", "  y"), nodes(code).stream().map(DocumentTestSupport::textOf).toList());
        assertEquals(1, nodes(only("```\n```")).size());
        assertEquals(map("syntax", "c++"), only("~~~ c\\+\\+\n~~~").get("data"));
    }

    @Test
    void codeInsideAQuoteBecomesCodeMarkedLines() {
        // GitBook quotes hold no code blocks.
        Map<String, Object> paragraph = node(only("> ```\n> a\n>\n> b\n> ```"), 0);
        assertEquals("paragraph", paragraph.get("type"));
        assertEquals(List.of("a[code]", "\n\n[]", "b[code]"), leaves(node(paragraph, 0)));
    }

    @Test
    void thematicBreakIsAVoidDivider() {
        assertEquals(map("object", "block", "type", "divider", "key", "k1", "isVoid", true, "data", map()),
                only("***"));
    }

    @Test
    void htmlBlockIsAParagraphOfLiteralText() {
        Map<String, Object> paragraph = only("<div class=\"x\">\n  <b>hi</b> *not emphasis*\n</div>");
        assertEquals("paragraph", paragraph.get("type"));
        assertEquals(List.of("<div class=\"x\">\n<b>hi</b> *not emphasis*\n</div>[]"), leaves(node(paragraph, 0)));
    }

    @Test
    void gfmTableBecomesAGitBookTable() {
        Map<String, Object> table = only("| Name | *Kind* | N |\n|:--|:-:|--:|\n| a | **b** | `1\\|2` |\n| c |");
        assertEquals("table", table.get("type"));
        assertEquals(true, table.get("isVoid"));
        Map<String, Object> data = data(table);
        Map<String, Object> view = asMap(data.get("view"));
        List<Object> columns = asList(view.get("columns"));
        assertEquals(3, columns.size());
        assertEquals(false, view.get("hideHeader"));
        Map<String, Object> definitions = asMap(data.get("definition"));
        assertEquals(List.of("Name", "Kind", "N"),
                columns.stream().map(c -> asMap(definitions.get((String) c)).get("title")).toList());
        assertEquals(List.of("left", "center", "right"),
                columns.stream().map(c -> asMap(definitions.get((String) c)).get("textAlignment")).toList());
        List<Map<String, Object>> records = asMap(data.get("records")).values().stream()
                .map(DocumentTestSupport::asMap).toList();
        assertEquals(List.of("a0", "a1"), records.stream().map(r -> r.get("orderIndex")).toList());
        List<Object> fragments = asList(table.get("fragments"));
        assertEquals(6, fragments.size(), "one fragment per cell, short rows padded");
        Map<String, Object> values = asMap(records.get(0).get("values"));
        List<String> firstRow = columns.stream().map(c -> fragmentText(fragments, values.get((String) c))).toList();
        assertEquals(List.of("a", "b", "1|2"), firstRow);
        Map<String, Object> secondValues = asMap(records.get(1).get("values"));
        assertEquals("", fragmentText(fragments, secondValues.get((String) columns.get(2))));
    }

    private static String fragmentText(List<Object> fragments, Object name) {
        return fragments.stream().map(DocumentTestSupport::asMap).filter(f -> f.get("fragment").equals(name))
                .map(DocumentTestSupport::textOf).findFirst().orElseThrow();
    }

    @Test
    void tableOrderIndexesSortLikeTheRows() {
        StringBuilder markdown = new StringBuilder("| n |\n|---|\n");
        for (int i = 0; i < 12; i++) {
            markdown.append("| ").append(i).append(" |\n");
        }
        List<Object> orderIndexes = asMap(data(only(markdown.toString())).get("records")).values().stream()
                .map(r -> asMap(r).get("orderIndex")).toList();
        assertEquals(orderIndexes.stream().sorted().toList(), orderIndexes);
        assertEquals("a00", orderIndexes.getFirst());
        assertEquals("a11", orderIndexes.getLast());
    }

    @Test
    void tablesInsideQuotesBecomeRowParagraphs() {
        Map<String, Object> quote = only("> | a | b |\n> |---|---|\n> | 1 | **2** |");
        assertEquals(List.of("a | b", "1 | 2"), nodes(quote).stream().map(DocumentTestSupport::textOf).toList());
    }

    @Test
    void tablesInsideListItemsStayTables() {
        assertEquals("table", node(only("- | a |\n  |---|\n  | 1 |"), 0, 0).get("type"));
    }

    @Test
    void keysAreDeterministicAndUnique() {
        String markdown = MarkdownRoundTripTest.richSample();
        Map<String, Object> first = MarkdownDocuments.toDocument(markdown);
        assertEquals(first, MarkdownDocuments.toDocument(markdown));
        Set<Object> keys = new HashSet<>();
        for (Map<String, Object> object : allObjects(first)) {
            if (object.containsKey("key")) {
                assertTrue(keys.add(object.get("key")), "duplicate key " + object.get("key"));
            }
        }
        assertTrue(keys.size() > 100);
    }

    @Test
    void richSampleMatchesTheSchema() {
        doc(MarkdownRoundTripTest.richSample());
    }

    @Test
    void linkReferenceDefinitionsAddNoBlocks() {
        assertEquals(List.of(), nodes(doc("[a]: /x\n")));
    }

    @Test
    void crlfAndUnicode() {
        Map<String, Object> document = doc("# Überschrift 🎉\r\n\r\nZeile eins\r\nzwei\r\n");
        assertEquals("Überschrift 🎉", textOf(nodes(document).get(0)));
        assertEquals("Zeile eins zwei", textOf(nodes(document).get(1)));
    }

    @ParameterizedTest
    @ValueSource(strings = {">", "> ", "- ", "1. ", "* "})
    void deepNestingStaysWithinTheDocumentDepthLimit(String container) {
        // The deepest nodes markdown can produce: a linked inline image in a table cell, or an image caption.
        String prefix = container.repeat(5_000);
        String continuation = container.startsWith(">") ? prefix : " ".repeat(prefix.length());
        String deep = prefix + "| [a](b) |\n" + continuation + "|---|\n" + continuation + "| [![i](c)](d) |\n"
                + continuation + "\n" + continuation + "![x](y \"caption\")\n\n" + "> ".repeat(5_000) + "![x](y \"c\")";
        Map<String, Object> document = MarkdownDocuments.toDocument(deep);
        assertTrue(depth(document) <= 64, "depth " + depth(document));
        // And the writer accepts it.
        assertFalse(MarkdownDocuments.toMarkdown(document).isEmpty());
    }

    @Test
    void deepInlineNestingDoesNotOverflow() {
        String markdown = "*".repeat(50_000) + "a" + "*".repeat(50_000) + " " + "![".repeat(20_000) + "x"
                + "](y)".repeat(20_000) + " " + "[".repeat(50_000);
        Map<String, Object> document = doc(markdown);
        assertFalse(nodes(document).isEmpty());
    }

    @Test
    void hugeLineAndManyBlocks() {
        String line = "word ".repeat(200_000);
        assertEquals(line.strip(), textOf(only(line)));
        assertEquals(20_000, nodes(doc("p\n\n".repeat(20_000))).size());
    }

    @Test
    void nullMarkdownIsRejected() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> MarkdownDocuments.toDocument(null));
        assertEquals("markdown: must not be null", error.getMessage());
    }

    @Test
    void toDocumentOfTwentyKilobytes() {
        String page = MarkdownRoundTripTest.richSample().repeat(1 + 20_000 / MarkdownRoundTripTest.richSample().length());
        for (int i = 0; i < 300; i++) {
            MarkdownDocuments.toDocument(page);
        }
        int runs = 200;
        long start = System.nanoTime();
        for (int i = 0; i < runs; i++) {
            MarkdownDocuments.toDocument(page);
        }
        double millis = (System.nanoTime() - start) / 1e6 / runs;
        System.out.printf("toDocument of %d chars: %.3f ms%n", page.length(), millis);
    }
}
