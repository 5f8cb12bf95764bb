package io.bindery.document;

import static io.bindery.document.DocumentTestSupport.block;
import static io.bindery.document.DocumentTestSupport.doc;
import static io.bindery.document.DocumentTestSupport.leaf;
import static io.bindery.document.DocumentTestSupport.link;
import static io.bindery.document.DocumentTestSupport.list;
import static io.bindery.document.DocumentTestSupport.map;
import static io.bindery.document.DocumentTestSupport.paragraph;
import static io.bindery.document.DocumentTestSupport.text;
import static io.bindery.document.DocumentTestSupport.texts;
import static io.bindery.document.DocumentTestSupport.url;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

class DocumentToMarkdownTest {

    private static String md(Object... blocks) {
        return MarkdownDocuments.toMarkdown(doc(blocks));
    }

    private static String error(Map<String, Object> document) {
        return assertThrows(IllegalArgumentException.class, () -> MarkdownDocuments.toMarkdown(document)).getMessage();
    }

    private static Map<String, Object> heading(int level, Object... inlines) {
        return block("heading-" + level, inlines);
    }

    private static Map<String, Object> item(Object... blocks) {
        return block("list-item", blocks);
    }

    private static Map<String, Object> codeBlock(String syntax, String... lines) {
        Map<String, Object> code = block("code");
        if (syntax != null) {
            code.put("data", map("syntax", syntax));
        }
        for (String line : lines) {
            DocumentTestSupport.asList(code.get("nodes")).add(block("code-line", text(line)));
        }
        return code;
    }

    private static Map<String, Object> image(Map<String, Object> ref, String alt, String caption) {
        Map<String, Object> image = map("object", "block", "type", "image", "isVoid", true,
                "data", map("ref", ref, "alt", alt), "fragments", list());
        if (caption != null) {
            image.put("fragments", list(map("object", "fragment", "fragment", "caption", "nodes",
                    list(paragraph(text(caption))))));
        }
        return image;
    }

    private static Map<String, Object> inlineImage(Map<String, Object> ref, String alt, String caption) {
        return map("object", "inline", "type", "inline-image", "isVoid", true,
                "data", map("ref", ref, "alt", alt, "caption", caption));
    }

    @Test
    void emptyDocument() {
        assertEquals("", md());
        assertEquals("", md(paragraph(text(""))), "markdown has no empty paragraphs");
    }

    @Test
    void paragraphsWithMarks() {
        assertEquals("a **b** _c_ ~~d~~ `e` **_f_**\n\nsecond\n", md(
                paragraph(texts(leaf("a "), leaf("b", "bold"), leaf(" "), leaf("c", "italic"), leaf(" "),
                        leaf("d", "strikethrough"), leaf(" "), leaf("e", "code"), leaf(" "), leaf("f", "italic", "bold"))),
                paragraph(text("second"))));
    }

    @Test
    void spacesAtTheEdgeOfAMarkMoveOutside() {
        assertEquals("**bold** next\n", md(paragraph(texts(leaf("bold ", "bold"), leaf("next")))));
    }

    @Test
    void marksMarkdownCannotDelimitFallBackToHtml() {
        String written = md(paragraph(texts(leaf("a"), leaf("\"b\"", "bold"), leaf("c"))));
        assertEquals("a<strong>\"b\"</strong>c\n", written);
        assertEquals(List.of("a[]", "\"b\"[bold]", "c[]"), leaves(MarkdownDocuments.toDocument(written)));
    }

    @Test
    void intrawordItalicUsesStars() {
        assertEquals("un*frigging*believable\n",
                md(paragraph(texts(leaf("un"), leaf("frigging", "italic"), leaf("believable")))));
    }

    private static List<String> leaves(Map<String, Object> document) {
        Map<String, Object> first = DocumentTestSupport.node(document, 0, 0);
        return DocumentTestSupport.asList(first.get("leaves")).stream().map(DocumentTestSupport::asMap)
                .map(l -> l.get("text") + DocumentTestSupport.asList(l.get("marks")).stream()
                        .map(m -> (String) DocumentTestSupport.asMap(m).get("type")).toList().toString())
                .toList();
    }

    @Test
    void lineBreaks() {
        assertEquals("a\\\nb\n", md(paragraph(text("a\nb"))));
        assertEquals("a<br>\n", md(paragraph(text("a\n"))), "a paragraph cannot end with a backslash break");
        assertEquals("&#10;\n", md(paragraph(text("\n"))));
        assertEquals("# a<br>b\n", md(heading(1, text("a\nb"))));
        assertEquals("`a`\\\n`b`\n", md(paragraph(text("a\nb", "code"))), "code spans cannot hold line breaks");
    }

    @Test
    void textIsEscaped() {
        assertEquals("\\# not a heading\\\n\\- not a list\\\n1\\. not a list\\\n\\> no quote\\\n"
                        + "\\*a\\* \\_b\\_ \\`c\\` \\[d\\](e) \\<f> \\&amp; \\~\\~g\\~\\~ \\\\ snake_case | x\n",
                md(paragraph(text("# not a heading\n- not a list\n1. not a list\n> no quote\n"
                        + "*a* _b_ `c` [d](e) <f> &amp; ~~g~~ \\ snake_case | x"))));
        assertEquals("# C# and \\#\n", md(heading(1, text("C# and #"))));
        assertEquals("Hi\\![x](y)\n", md(paragraph(text("Hi!"), link(url("y"), text("x")))),
                "'!' before a link would make an image");
    }

    @Test
    void codeSpans() {
        assertEquals("``a`b`` ` `` ` `  ` `   a  `\n",
                md(paragraph(texts(leaf("a`b", "code"), leaf(" "), leaf("``", "code"), leaf(" "), leaf("  ", "code"),
                        leaf(" "), leaf("  a ", "code")))));
    }

    @Test
    void headings() {
        assertEquals("# One\n\n## Two\n\n### _Three_\n\n#\n",
                md(heading(1, text("One")), heading(2, text("Two")), heading(3, text("Three", "italic")), heading(1)));
    }

    @Test
    void linkReferences() {
        assertEquals("[u](https://x.example/a_b) [p](/pages/p1) [a](/pages/p1#setup) [b](/pages/p2#two) "
                        + "[h](#top) [f](/files/f1) [s](<a b (c>)\n",
                md(paragraph(
                        link(url("https://x.example/a_b"), text("u")), text(" "),
                        link(map("kind", "page", "page", "p1"), text("p")), text(" "),
                        link(map("kind", "anchor", "anchor", "setup", "page", "p1"), text("a")), text(" "),
                        link(map("kind", "page", "page", "p2", "anchor", "two"), text("b")), text(" "),
                        link(map("kind", "anchor", "anchor", "top"), text("h")), text(" "),
                        link(map("kind", "file", "file", "f1"), text("f")), text(" "),
                        link(url("a b (c"), text("s")))));
    }

    @Test
    void boldAroundALinkStaysOpen() {
        assertEquals("**see [docs](x) now**\n",
                md(paragraph(text("see ", "bold"), link(url("x"), text("docs", "bold")), text(" now", "bold"))));
    }

    @Test
    void inlineImages() {
        assertEquals("See ![a \\*diagram\\*](/files/d1 \"Figure \\\"1\\\"\") here\n",
                md(paragraph(text("See "), inlineImage(map("kind", "file", "file", "d1"), "a *diagram*", "Figure \"1\""),
                        text(" here"))));
    }

    @Test
    void lists() {
        Map<String, Object> ordered = block("list-ordered", item(paragraph(text("c"))));
        Map<String, Object> nested = block("list-unordered", item(paragraph(text("b")), ordered));
        assertEquals("- a\n\n  + b\n\n    1. c\n- d\n",
                md(block("list-unordered", item(paragraph(text("a")), nested), item(paragraph(text("d"))))));
    }

    @Test
    void orderedListStartAndAdjacentListsAlternateMarkers() {
        Map<String, Object> ordered = block("list-ordered", item(paragraph(text("x"))), item(paragraph(text("y"))));
        ordered.put("data", map("start", 9));
        assertEquals("9. x\n10. y\n\n9) x\n10) y\n\n- a\n\n+ b\n\n- c\n", md(ordered, ordered,
                block("list-unordered", item(paragraph(text("a")))),
                block("list-unordered", item(paragraph(text("b")))),
                block("list-unordered", item(paragraph(text("c"))))));
    }

    @Test
    void nestedEmptyItemsDoNotBecomeAThematicBreak() {
        Map<String, Object> nested = block("list-unordered", item(block("list-unordered", item(block("list-unordered",
                item())))));
        String written = md(nested);
        assertEquals("- + -\n", written);
        Map<String, Object> reread = MarkdownDocuments.toDocument(written);
        assertEquals("list-unordered", DocumentTestSupport.node(reread, 0, 0, 0, 0, 0).get("type"));
    }

    @Test
    void emptyItemsAndQuotes() {
        assertEquals("-\n- b\n\n>\n", md(block("list-unordered", item(), item(paragraph(text("b")))), block("blockquote")));
    }

    @Test
    void quotes() {
        assertEquals("> a\n>\n> > b\n>\n> - c\n",
                md(block("blockquote", paragraph(text("a")), block("blockquote", paragraph(text("b"))),
                        block("list-unordered", item(paragraph(text("c")))))));
    }

    @Test
    void codeBlocks() {
        assertEquals("```js\nconst a = 1;\n\n  b();\n```\n", md(codeBlock("js", "const a = 1;", "", "  b();")));
        assertEquals("````\n```\n````\n", md(codeBlock(null, "```")));
        assertEquals("~~~ ~a`b\nx\n~~~\n", md(codeBlock("~a`b", "x")));
        assertEquals("```c\\\\+\n```\n", md(codeBlock("c\\+")));
        assertEquals("- ```\n  x\n\n  y\n  ```\n", md(block("list-unordered", item(codeBlock(null, "x", "", "y")))));
    }

    @Test
    void codeLineMarksAreIgnored() {
        Map<String, Object> code = block("code", block("code-line", texts(leaf("a", "bold"), leaf("b", "color"))));
        assertEquals("```\nab\n```\n", md(code));
    }

    @Test
    void dividers() {
        assertEquals("***\n\n- ***\n", md(map("object", "block", "type", "divider", "isVoid", true, "data", map()),
                block("list-unordered", item(map("object", "block", "type", "divider")))));
    }

    @Test
    void imagesBlock() {
        Map<String, Object> images = block("images",
                image(map("kind", "file", "file", "img1"), "Alt", "The caption"),
                image(url("https://x.example/b c.png"), "", null));
        assertEquals("![Alt](/files/img1 \"The caption\")\n![](<https://x.example/b c.png>)\n", md(images));
    }

    private static Map<String, Object> table() {
        Map<String, Object> definition = map(
                "c1", map("id", "c1", "title", "Name | id", "type", "text", "textAlignment", "left"),
                "c2", map("id", "c2", "title", "Value", "type", "text", "textAlignment", "right"),
                "c3", map("id", "c3", "title", "Mid", "textAlignment", "center"));
        Map<String, Object> records = map(
                "r2", map("orderIndex", "a1", "values", map("c1", "f3", "c2", "f4")),
                "r1", map("orderIndex", "a0", "values", map("c1", "f1", "c2", "f2", "c3", "missing")));
        List<Object> fragments = list(
                map("object", "fragment", "fragment", "f1", "nodes", list(paragraph(text("a|b", "code")))),
                map("object", "fragment", "fragment", "f2", "nodes", list(paragraph(text("x", "bold")),
                        paragraph(text("y")))),
                map("object", "fragment", "fragment", "f3", "nodes", list(paragraph(text("line\nbreak")))),
                map("object", "fragment", "fragment", "f4", "nodes", list(paragraph(link(url("u|v"), text("l"))))));
        return map("object", "block", "type", "table", "isVoid", true,
                "data", map("view", map("type", "grid", "columns", list("c1", "c2", "c3"), "hideHeader", false),
                        "records", records, "definition", definition),
                "fragments", fragments);
    }

    @Test
    void tables() {
        assertEquals("""
                | Name \\| id | Value | Mid |
                | --- | ---: | :---: |
                | `a\\|b` | **x**<br><br>y |  |
                | line<br>break | [l](u\\|v) |  |
                """, md(table()));
        Map<String, Object> reread = DocumentTestSupport.node(MarkdownDocuments.toDocument(md(table())), 0);
        assertEquals("table", reread.get("type"));
    }

    @Test
    void tableInsideAListItem() {
        assertEquals("- | Name \\| id | Value | Mid |\n  | --- | ---: | :---: |\n", md(block("list-unordered",
                item(withoutRecords(table())))));
    }

    private static Map<String, Object> withoutRecords(Map<String, Object> table) {
        DocumentTestSupport.asMap(table.get("data")).put("records", map());
        return table;
    }

    @Test
    void unknownTypesAreRejectedWithTheirPath() {
        assertEquals("document: nodes[1].type \"foo\" is not supported",
                error(doc(paragraph(text("a")), block("foo"))));
        assertEquals("document: nodes[0].nodes[0].type \"hint\" is not supported",
                error(doc(block("blockquote", block("hint")))));
        assertEquals("document: nodes[0].nodes[0].leaves[0].marks[0].type \"color\" is not supported",
                error(doc(paragraph(text("a", "color")))));
        assertEquals("document: nodes[0].nodes[0].type \"emoji\" is not supported",
                error(doc(paragraph(map("object", "inline", "type", "emoji", "data", map("code", "x"))))));
        assertEquals("document: nodes[0].nodes[0].data.ref.kind \"user\" is not supported",
                error(doc(paragraph(link(map("kind", "user", "user", "u"), text("x"))))));
        assertEquals("document: nodes[0].nodes[0].data.ref.space is not supported: links into other spaces have no "
                        + "markdown form",
                error(doc(paragraph(link(map("kind", "page", "page", "p", "space", "other"), text("x"))))));
        assertEquals("document: nodes[0].nodes[0].data.ref.kind \"page\" is not supported for images",
                error(doc(paragraph(inlineImage(map("kind", "page", "page", "p"), "a", null)))));
        assertEquals("document: nodes[0].nodes[1].nodes[0].type \"link\" is not supported inside a link",
                error(doc(paragraph(text("a"), link(url("x"), link(url("y"), text("z")))))));
        assertEquals("document: nodes[0].nodes[0].type \"paragraph\" is not supported in a list",
                error(doc(block("list-unordered", paragraph(text("a"))))));
        assertEquals("document: nodes[0].nodes[0].nodes[0].object \"inline\" is not supported in code",
                error(doc(block("code", block("code-line", map("object", "inline", "type", "annotation"))))));
        assertEquals("document: nodes[0].object must be \"block\", not \"text\"", error(doc(text("a"))));
    }

    @Test
    void malformedShapesAreRejectedWithTheirPath() {
        assertEquals("document: must not be null",
                assertThrows(IllegalArgumentException.class, () -> MarkdownDocuments.toMarkdown(null)).getMessage());
        assertEquals("document: object must be a string", error(map("nodes", list())));
        assertEquals("document: object must be \"document\", not \"block\"", error(map("object", "block")));
        assertEquals("document: nodes must be a list", error(map("object", "document", "nodes", "x")));
        assertEquals("document: nodes[0] must be an object", error(doc((Object) null)));
        assertEquals("document: nodes[0] must be an object", error(doc(List.of())));
        assertEquals("document: nodes[0].type must be a string", error(doc(map("object", "block", "type", 3))));
        assertEquals("document: nodes[0].nodes must be a list", error(doc(map("object", "block", "type", "paragraph"))));
        assertEquals("document: nodes[0].nodes[0].leaves must be a list",
                error(doc(paragraph(map("object", "text", "text", "legacy")))));
        assertEquals("document: nodes[0].nodes[0].leaves[0].text must be a string",
                error(doc(paragraph(map("object", "text", "leaves", list(map("object", "leaf", "text", 5)))))));
        assertEquals("document: nodes[0].nodes[0].data must be an object",
                error(doc(paragraph(map("object", "inline", "type", "link", "nodes", list())))));
        assertEquals("document: nodes[0].nodes[0].data.ref.page must be a non-empty id without '/', '?', '#' or spaces",
                error(doc(paragraph(link(map("kind", "page", "page", "a/b"), text("x"))))));
        assertEquals("document: nodes[0].data.start must be a whole number from 0 to 999999999 (for the last item)",
                error(doc(map("object", "block", "type", "list-ordered", "data", map("start", 1.5), "nodes", list()))));
        assertEquals("document: nodes[0].data.start must be a whole number from 0 to 999999999 (for the last item)",
                error(doc(map("object", "block", "type", "list-ordered", "data", map("start", "3"), "nodes", list()))));
        assertEquals("document: nodes[0].data.syntax must not contain spaces", error(doc(codeBlock("a b"))));
    }

    @Test
    void sortedMapsWithOtherKeysAreRejected() {
        Map<Object, Object> weird = new TreeMap<>();
        weird.put(1, "x");
        @SuppressWarnings({"unchecked", "rawtypes"})
        Map<String, Object> document = (Map) weird;
        assertEquals("document: must be an object with string keys", error(document));
    }

    @Test
    void malformedTablesAreRejected() {
        Map<String, Object> noColumns = table();
        DocumentTestSupport.asMap(DocumentTestSupport.asMap(noColumns.get("data")).get("view")).put("columns", list());
        assertEquals("document: nodes[0].data.view.columns must not be empty", error(doc(noColumns)));

        Map<String, Object> numberColumn = table();
        DocumentTestSupport.asMap(DocumentTestSupport.asMap(DocumentTestSupport.asMap(numberColumn.get("data"))
                .get("definition")).get("c2")).put("type", "number");
        assertEquals("document: nodes[0].data.definition.c2.type \"number\" is not supported", error(doc(numberColumn)));

        Map<String, Object> noOrder = table();
        DocumentTestSupport.asMap(DocumentTestSupport.asMap(DocumentTestSupport.asMap(noOrder.get("data"))
                .get("records")).get("r1")).remove("orderIndex");
        assertEquals("document: nodes[0].data.records.r1.orderIndex must be a string", error(doc(noOrder)));

        Map<String, Object> listInCell = table();
        DocumentTestSupport.asMap(DocumentTestSupport.asList(listInCell.get("fragments")).get(0))
                .put("nodes", list(block("list-unordered")));
        assertEquals("document: nodes[0].fragments[0].nodes[0].type \"list-unordered\" is not supported in a table cell",
                error(doc(listInCell)));
    }

    @Test
    void nestingDeeperThan64LevelsIsRejected() {
        // document.nodes[i] is level 1; the text node inside the innermost paragraph counts too.
        Map<String, Object> quote = paragraph(text("x"));
        for (int i = 0; i < 62; i++) {
            quote = block("blockquote", quote);
        }
        assertTrue(MarkdownDocuments.toMarkdown(doc(quote)).endsWith("> x\n"), "64 levels are fine");
        String message = error(doc(block("blockquote", quote)));
        assertEquals("document: nodes[0]" + ".nodes[0]".repeat(64) + " is nested deeper than 64 levels", message);
    }

    @Test
    void cyclicDocumentsAreRejected() {
        Map<String, Object> quote = block("blockquote");
        DocumentTestSupport.asList(quote.get("nodes")).add(quote);
        assertTrue(error(doc(quote)).endsWith("is nested deeper than 64 levels"));
    }

    /** Whatever a client sends, the only exception is IllegalArgumentException. */
    @Test
    void randomDocumentsOnlyEverFailWithIllegalArgument() {
        Random random = new Random(Long.getLong("fuzz.seed", 7L));
        int rejected = 0;
        int iterations = Integer.getInteger("fuzz.iterations", 30_000);
        for (int i = 0; i < iterations; i++) {
            Map<String, Object> document = map("object", "document", "nodes", randomList(random, 0));
            try {
                MarkdownDocuments.toMarkdown(document);
            } catch (IllegalArgumentException expected) {
                assertTrue(expected.getMessage().startsWith("document: "), expected.getMessage());
                rejected++;
            } catch (RuntimeException | StackOverflowError unexpected) {
                fail("toMarkdown threw " + unexpected + " for " + document, unexpected);
            }
        }
        assertTrue(rejected > iterations / 20 && rejected < iterations, "rejected " + rejected);
    }

    /**
     * For random documents that follow GitBook's schema (any text, marks, links, images, lists, quotes, code,
     * tables, each where GitBook allows it), the markdown written is a fixed point: reading it and writing it
     * again gives the same markdown.
     */
    @Test
    void writtenMarkdownIsAFixedPoint() {
        Random random = new Random(Long.getLong("fuzz.seed", 5L));
        for (int i = 0; i < Integer.getInteger("fuzz.iterations", 2_000); i++) {
            List<Object> blocks = new ArrayList<>();
            int count = 1 + random.nextInt(4);
            for (int b = 0; b < count; b++) {
                blocks.add(randomBlock(random, 0, TOP_LEVEL));
            }
            Map<String, Object> document = doc(blocks.toArray());
            String written = MarkdownDocuments.toMarkdown(document);
            String again = MarkdownDocuments.toMarkdown(MarkdownDocuments.toDocument(written));
            assertEquals(written, again, () -> "first difference: " + firstDifference(written, again));
        }
    }

    private static String firstDifference(String a, String b) {
        int i = 0;
        while (i < a.length() && i < b.length() && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        int from = Math.max(0, i - 60);
        return "\n…" + a.substring(from, Math.min(a.length(), i + 40)) + "…\nvs\n…"
                + b.substring(from, Math.min(b.length(), i + 40)) + "…";
    }

    private static final List<String> WORDS = List.of("a", "word", " ", "  ", "\n", "*", "_", "`", "~", "#", "-", "1.",
            "[", "]", "<b>", "&amp;", "|", "\\", "!", "é", "🎉", "\t", "x_y", ">", "\"");
    private static final List<String> MARKS = List.of("bold", "italic", "strikethrough", "code");

    private static Object randomInline(Random random, boolean allowLink) {
        int choice = random.nextInt(8);
        if (!allowLink && (choice == 1 || choice == 2)) {
            choice = 3;
        }
        return switch (choice) {
            case 0 -> inlineImage(random.nextBoolean() ? url("https://i.example/" + random.nextInt(3))
                    : map("kind", "file", "file", "f" + random.nextInt(3)), randomWords(random), random.nextBoolean()
                    ? null : randomWords(random));
            case 1, 2 -> link(List.of(url("https://l.example/a b"), map("kind", "page", "page", "p1"),
                            map("kind", "anchor", "anchor", "s", "page", "p2"), map("kind", "file", "file", "f"))
                    .get(random.nextInt(4)), randomInline(random, false), randomInline(random, false));
            default -> {
                List<Object> leaves = new ArrayList<>();
                int count = 1 + random.nextInt(4);
                for (int l = 0; l < count; l++) {
                    List<String> marks = new ArrayList<>();
                    for (String mark : MARKS) {
                        if (random.nextInt(3) == 0) {
                            marks.add(mark);
                        }
                    }
                    leaves.add(leaf(randomWords(random), marks.toArray(String[]::new)));
                }
                yield texts(leaves.toArray());
            }
        };
    }

    private static String randomWords(Random random) {
        StringBuilder text = new StringBuilder();
        int count = random.nextInt(5);
        for (int w = 0; w < count; w++) {
            text.append(WORDS.get(random.nextInt(WORDS.size())).replace("\\n", "\n").replace("\\t", "\t"));
        }
        return text.toString();
    }

    private static Object[] randomInlines(Random random) {
        Object[] inlines = new Object[1 + random.nextInt(4)];
        for (int i = 0; i < inlines.length; i++) {
            inlines[i] = randomInline(random, true);
        }
        return inlines;
    }

    private static final List<Integer> TOP_LEVEL = List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    private static final List<Integer> IN_LIST_ITEM = List.of(0, 1, 2, 3, 4, 5, 6, 8, 9);
    private static final List<Integer> IN_QUOTE = List.of(0, 1, 2, 4, 5, 6, 8);

    /** A random block of a kind GitBook allows in the container ({@code allowed} kinds, see the switch). */
    private static Map<String, Object> randomBlock(Random random, int depth, List<Integer> allowed) {
        int kind = depth > 2 ? List.of(0, 1, 2, 8).get(random.nextInt(4)) : allowed.get(random.nextInt(allowed.size()));
        return switch (kind) {
            case 0, 1 -> paragraph(randomInlines(random));
            case 2 -> heading(1 + random.nextInt(3), randomInlines(random));
            case 3 -> codeBlock(random.nextBoolean() ? null : List.of("js", "a`b", "~x", "c++").get(random.nextInt(4)),
                    randomWords(random).replace("\n", ""), "```", "~~~ ", randomWords(random).replace("\n", ""));
            case 4 -> block("blockquote", randomBlock(random, depth + 1, IN_QUOTE), randomBlock(random, depth + 1, IN_QUOTE));
            case 5, 6 -> {
                Map<String, Object> list = block(random.nextBoolean() ? "list-unordered" : "list-ordered",
                        item(randomBlock(random, depth + 1, IN_LIST_ITEM)),
                        item(randomBlock(random, depth + 1, IN_LIST_ITEM), randomBlock(random, depth + 1, IN_LIST_ITEM)),
                        item());
                if (random.nextBoolean()) {
                    list.put("data", map("start", random.nextInt(20)));
                }
                yield list;
            }
            case 7 -> block("images", image(map("kind", "file", "file", "img"), randomWords(random), random.nextBoolean()
                    ? null : randomWords(random)), image(url("https://i.example/x y"), "", null));
            case 8 -> map("object", "block", "type", "divider", "isVoid", true, "data", map());
            default -> randomTable(random);
        };
    }

    private static Map<String, Object> randomTable(Random random) {
        int columns = 1 + random.nextInt(3);
        List<Object> columnIds = new ArrayList<>();
        Map<String, Object> definitions = map();
        for (int c = 0; c < columns; c++) {
            columnIds.add("c" + c);
            definitions.put("c" + c, map("id", "c" + c, "title", randomWords(random), "type", "text",
                    "textAlignment", List.of("left", "center", "right").get(random.nextInt(3))));
        }
        Map<String, Object> records = map();
        List<Object> fragments = new ArrayList<>();
        int rows = random.nextInt(3);
        for (int r = 0; r < rows; r++) {
            Map<String, Object> values = map();
            for (int c = 0; c < columns; c++) {
                String name = "f" + r + "_" + c;
                values.put("c" + c, name);
                fragments.add(map("object", "fragment", "fragment", name, "nodes", list(paragraph(randomInlines(random)))));
            }
            records.put("r" + r, map("orderIndex", "a" + r, "values", values));
        }
        return map("object", "block", "type", "table", "isVoid", true, "data", map("view", map("type", "grid",
                "columns", columnIds, "hideHeader", false), "records", records, "definition", definitions),
                "fragments", fragments);
    }

    private static final List<String> TYPES = List.of("paragraph", "heading-1", "heading-3", "list-unordered",
            "list-ordered", "list-item", "blockquote", "code", "code-line", "images", "image", "table", "divider",
            "link", "inline-image", "hint", "");
    private static final List<String> OBJECTS = List.of("block", "text", "inline", "leaf", "mark", "fragment", "x");
    private static final List<String> FIELDS = List.of("object", "type", "nodes", "leaves", "marks", "text", "data",
            "ref", "kind", "url", "page", "file", "anchor", "syntax", "start", "alt", "caption", "fragments",
            "fragment", "view", "columns", "definition", "records", "orderIndex", "values", "title",
            "textAlignment", "c", "isVoid");

    private static Object randomValue(Random random, int depth) {
        return switch (random.nextInt(depth > 6 ? 6 : 10)) {
            case 0 -> null;
            case 1 -> random.nextInt(5) - 1;
            case 2 -> random.nextBoolean();
            case 3 -> TYPES.get(random.nextInt(TYPES.size()));
            case 4 -> OBJECTS.get(random.nextInt(OBJECTS.size()));
            case 5 -> List.of("bold", "code", "url", "page", "file", "anchor", "a b", "c", "left", "grid",
                    "x\ny", "1.5").get(random.nextInt(12));
            case 6, 7 -> randomMap(random, depth + 1);
            default -> randomList(random, depth + 1);
        };
    }

    private static List<Object> randomList(Random random, int depth) {
        List<Object> list = new ArrayList<>();
        int size = random.nextInt(4);
        for (int i = 0; i < size; i++) {
            list.add(random.nextInt(3) == 0 ? randomValue(random, depth) : randomMap(random, depth + 1));
        }
        return list;
    }

    private static Map<String, Object> randomMap(Random random, int depth) {
        Map<String, Object> map = new HashMap<>();
        map.put("object", OBJECTS.get(random.nextInt(OBJECTS.size())));
        map.put("type", TYPES.get(random.nextInt(TYPES.size())));
        int size = random.nextInt(5);
        for (int i = 0; i < size; i++) {
            map.put(FIELDS.get(random.nextInt(FIELDS.size())), randomValue(random, depth));
        }
        if (random.nextBoolean()) {
            map.put(random.nextBoolean() ? "nodes" : "leaves", randomList(random, depth));
        }
        return map;
    }
}
