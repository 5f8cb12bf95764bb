package io.bindery.document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;

import io.bindery.document.MarkdownLinks.Link;
import org.junit.jupiter.api.Test;

class MarkdownLinksTest {

    /** Each link as "image? destination @ source text", checking the offsets point at the destination. */
    private static List<String> found(String markdown) {
        return MarkdownLinks.find(markdown).stream()
                .map(link -> (link.image() ? "image " : "") + link.destination() + " @ "
                        + markdown.substring(link.start(), link.end()))
                .toList();
    }

    @Test
    void inlineLinksImagesAutolinksAndDefinitions() {
        String markdown = "See [docs](/pages/p1 \"Title\"), ![logo](/files/f1) and <https://a.example/x>, "
                + "<me@b.example>.\n\n[ref]: https://ref.example/ 'T'\n";
        assertEquals(List.of("/pages/p1 @ /pages/p1", "image /files/f1 @ /files/f1",
                "https://a.example/x @ https://a.example/x", "mailto:me@b.example @ me@b.example",
                "https://ref.example/ @ https://ref.example/"), found(markdown));
        Link first = MarkdownLinks.find(markdown).getFirst();
        assertEquals(new Link(false, "/pages/p1", 11, 20), first);
    }

    @Test
    void angleBracketDestinations() {
        String markdown = "[a](<b c>) [d](<>) [e](<f\\>g>)";
        assertEquals(List.of("b c @ b c", " @ ", "f>g @ f\\>g"), found(markdown));
    }

    @Test
    void escapesAndEntitiesAreDecodedInTheDestinationOnly() {
        assertEquals(List.of("x_y @ x\\_y", "a&b @ a&amp;b", "p(q) @ p(q)", " @ "),
                found("[a](x\\_y) [b](a&amp;b) [c](p(q)) [d]()"));
    }

    @Test
    void nothingInsideCode() {
        String markdown = "`[a](x)` and\n\n```\n[b](y)\n```\n\n    [c](z)\n\n<div>[d](w)</div>\n\n[e](v)";
        assertEquals(List.of("v @ v"), found(markdown));
    }

    @Test
    void referenceUsesAreNotDestinations() {
        String markdown = "[a][r] [b][] [r] [r] (not a destination)\n\n[r]: /pages/target\n[b]: <x y>";
        assertEquals(List.of("/pages/target @ /pages/target", "x y @ x y"), found(markdown));
    }

    @Test
    void multiLineLinksInContainers() {
        String markdown = "> [a\n> b](\n>   /pages/p2 \"t\")\n\n- [c\n  ](d)\n- [x `]` *y*](z) ![i](j\n  \"t\")\n\n"
                + "> [q]:\n>   /pages/def";
        assertEquals(List.of("/pages/p2 @ /pages/p2", "d @ d", "z @ z", "image j @ j", "/pages/def @ /pages/def"),
                found(markdown));
    }

    @Test
    void imageInsideLinkAndHardBreakInText() {
        // Source order: the image's destination comes before the enclosing link's.
        assertEquals(List.of("image i @ i", "u @ u", "w @ w"), found("[![a](i)](u) [b\\\nc](w)"));
    }

    @Test
    void crlfAndUnicodeOffsets() {
        String markdown = "# Ünïcödé 🎉\r\n\r\nText [a](/pages/é)\r\n\r\n[r]: x\r\n";
        assertEquals(List.of("/pages/é @ /pages/é", "x @ x"), found(markdown));
    }

    @Test
    void tableCellsWithEscapedPipes() {
        String markdown = "| h |\n|---|\n| a\\|b [x](y) `c\\|d` [z](w\\|v) |";
        assertEquals(List.of("y @ y", "w|v @ w\\|v"), found(markdown));
    }

    @Test
    void findIsInSourceOrderEvenWithDefinitionsFirst() {
        assertEquals(List.of("d @ d", "a @ a"), found("[r]: d\n\n[x](a)"));
    }

    @Test
    void nullIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> MarkdownLinks.find(null));
        assertThrows(IllegalArgumentException.class, () -> MarkdownLinks.rewrite(null, link -> null));
    }

    @Test
    void rewriteReplacesOnlyDestinations() {
        String markdown = "Intro [Old](/pages/old \"t\") and ![img](/files/f1 \"cap\") *kept*   \n"
                + "[other](https://x.example)\n\n[ref]: /pages/old\n";
        String rewritten = MarkdownLinks.rewrite(markdown,
                link -> link.destination().equals("/pages/old") ? "/pages/new" : null);
        assertEquals("Intro [Old](/pages/new \"t\") and ![img](/files/f1 \"cap\") *kept*   \n"
                + "[other](https://x.example)\n\n[ref]: /pages/new\n", rewritten);
    }

    @Test
    void rewriteWithoutChangesReturnsTheSameText() {
        String markdown = "[a](b) <https://c.example> ![d](e)";
        assertEquals(markdown, MarkdownLinks.rewrite(markdown, Link::destination));
        assertEquals(markdown, MarkdownLinks.rewrite(markdown, link -> null));
    }

    @Test
    void replacementsThatNeedAngleBrackets() {
        String markdown = "[a](x) [b](<y z>) ![c](w \"t\") [d]()";
        String rewritten = MarkdownLinks.rewrite(markdown, link -> switch (link.destination()) {
            case "x" -> "has space";
            case "y z" -> "a>b";
            case "w" -> "paren(s";
            default -> "new\nline";
        });
        assertEquals("[a](<has space>) [b](<a\\>b>) ![c](<paren(s> \"t\") [d](new%0Aline)", rewritten);
        assertEquals(List.of("has space", "a>b", "paren(s", "new%0Aline"),
                MarkdownLinks.find(rewritten).stream().map(Link::destination).toList());
    }

    @Test
    void replacementsWithBackslashesAndEntities() {
        String rewritten = MarkdownLinks.rewrite("[a](x)", link -> "c:\\dir\\&amp;");
        assertEquals(List.of("c:\\dir\\&amp;"), MarkdownLinks.find(rewritten).stream().map(Link::destination).toList());
    }

    @Test
    void rewriteInsideTableCellsKeepsTheTable() {
        String markdown = "| h | i |\n|---|---|\n| [x](y) | z |";
        String rewritten = MarkdownLinks.rewrite(markdown, link -> "a|b c");
        assertEquals("| h | i |\n|---|---|\n| [x](<a\\|b c>) | z |", rewritten);
        assertEquals(List.of("a|b c"), MarkdownLinks.find(rewritten).stream().map(Link::destination).toList());
        Map<String, Object> table = DocumentTestSupport.node(MarkdownDocuments.toDocument(rewritten), 0);
        assertEquals(2, DocumentTestSupport.asList(DocumentTestSupport.asMap(DocumentTestSupport.data(table)
                .get("view")).get("columns")).size());
    }

    @Test
    void autolinks() {
        String markdown = "<https://old.example/a> <me@old.example>";
        String absolute = MarkdownLinks.rewrite(markdown, link -> link.destination().replace("old", "new"));
        assertEquals("<https://new.example/a> <mailto:me@new.example>", absolute);
        String spaced = MarkdownLinks.rewrite(markdown, link -> link.destination() + " <x>");
        assertEquals("<https://old.example/a%20%3Cx%3E> <mailto:me@old.example%20%3Cx%3E>", spaced);
        String relative = MarkdownLinks.rewrite(markdown,
                link -> link.destination().startsWith("https") ? "/pages/p 1" : null);
        assertEquals("[https://old.example/a](</pages/p 1>) <me@old.example>", relative);
        assertEquals(List.of("/pages/p 1", "mailto:me@old.example"),
                MarkdownLinks.find(relative).stream().map(Link::destination).toList());
    }

    @Test
    void rewriteMultiLineAndNestedLinks() {
        String markdown = "> [a\n> b](\n>   old \"t\")\n\n[![i](old)](old)\n";
        String rewritten = MarkdownLinks.rewrite(markdown, link -> "new");
        assertEquals("> [a\n> b](\n>   new \"t\")\n\n[![i](new)](new)\n", rewritten);
    }

    /** Rewriting every destination of random markdown changes exactly the destinations. */
    @Test
    void randomRewritesChangeExactlyTheDestinations() {
        List<String> tokens = List.of("a", " ", "\n", "\n\n", "> ", "- ", "`", "```\n", "*", "[t](d)", "![i](s \"c\")",
                "[u](<x y>)", "<https://h.example>", "[r]: def\n", "[r]", "| a |\n|---|\n| [c](e\\|f) |\n", "\\", "(",
                ")", "]", "[", "&amp;", "é", "\r\n", "    ", "<span>", "[l](p(q))");
        Random random = new Random(Long.getLong("fuzz.seed", 11L));
        // Autolinks stay autolinks, so replacements of absolute URIs must be valid URIs to read back unchanged.
        Function<Link, String> replacement = link -> link.destination() + (link.destination().startsWith("https:")
                ? "/new(1)" : "-new (1)");
        for (int i = 0; i < Integer.getInteger("fuzz.iterations", 3_000); i++) {
            StringBuilder markdown = new StringBuilder();
            int length = 1 + random.nextInt(25);
            for (int t = 0; t < length; t++) {
                markdown.append(tokens.get(random.nextInt(tokens.size())));
            }
            String source = markdown.toString();
            List<Link> before = MarkdownLinks.find(source);
            for (Link link : before) {
                assertTrue(link.start() <= link.end(), source);
            }
            assertEquals(source, MarkdownLinks.rewrite(source, Link::destination));
            String rewritten = MarkdownLinks.rewrite(source, replacement);
            List<String> expected = before.stream().map(replacement).toList();
            List<String> after = MarkdownLinks.find(rewritten).stream().map(Link::destination).toList();
            assertEquals(expected, after, () -> "source:\n" + source + "\nrewritten:\n" + rewritten);
            if (!source.contains("<https:")) {
                // (An autolink's text is its destination, so only without autolinks must the text stay the same.)
                assertEquals(MarkdownSections.plainText(source), MarkdownSections.plainText(rewritten),
                        () -> "text changed:\n" + source + "\nrewritten:\n" + rewritten);
            }
        }
    }

}
