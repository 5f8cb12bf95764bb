package io.bindery.document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.bindery.document.MarkdownSections.Section;
import org.junit.jupiter.api.Test;

class MarkdownSectionsTest {

    @Test
    void splitsAtHeadingsOfLevelOneToThree() {
        String markdown = """
                Intro with a [link](/pages/x) and `code`.

                # Getting Started

                First *paragraph*.

                Second paragraph.

                ## Install it!

                ```sh
                npm install bindery
                ```

                #### Deep heading

                - item one
                - item **two**

                ### Configure
                Setext Title
                ============

                > Quoted ![alt text](/files/a) text
                """;
        assertEquals(List.of(
                new Section("", null, "Intro with a link and code."),
                new Section("getting-started", "Getting Started", "First paragraph.\nSecond paragraph."),
                new Section("install-it", "Install it!", "npm install bindery\nDeep heading\nitem one\nitem two"),
                new Section("configure", "Configure", ""),
                new Section("setext-title", "Setext Title", "Quoted alt text text")), MarkdownSections.split(markdown));
    }

    @Test
    void blankLeadingTextIsNotASection() {
        assertEquals(List.of(new Section("a", "A", "b")), MarkdownSections.split("\n\n<!-- note -->\n\n# A\nb"));
        assertEquals(List.of(), MarkdownSections.split(""));
        assertEquals(List.of(new Section("", null, "just text")), MarkdownSections.split("just text"));
    }

    @Test
    void headingsInsideContainersStayInTheBody() {
        assertEquals(List.of(new Section("", null, "Quoted heading\nListed heading")),
                MarkdownSections.split("> # Quoted heading\n\n- ## Listed heading"));
    }

    @Test
    void githubStyleAnchors() {
        assertEquals(List.of("hello-world", "c--go", "über-straße", "emoji-", "snake_case-and-kebab-case", "2024-plans",
                        "文档", "he\u0301llo"),
                MarkdownSections.split("# Hello, World!\n# C++ & Go\n# Über Straße\n# Emoji 🎉\n"
                        + "# snake_case and kebab-case\n# 2024 Plans\n# 文档\n# He\u0301llo").stream()
                        .map(Section::anchor).toList());
    }

    @Test
    void duplicateAnchorsGetSuffixes() {
        assertEquals(List.of("", "intro-1", "intro", "intro-2", "intro-1-1", "-1"),
                MarkdownSections.split("text\n# Intro 1\n# Intro\n# Intro\n# Intro 1\n# ?!").stream()
                        .map(Section::anchor).toList());
    }

    @Test
    void titleIsPlainText() {
        Section section = MarkdownSections.split("## The `api` **module** [docs](/pages/x)").getFirst();
        assertEquals("The api module docs", section.title());
        assertEquals("the-api-module-docs", section.anchor());
    }

    @Test
    void bodyKeepsTablesHtmlTextAndBreaks() {
        String body = MarkdownSections.split("# T\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<div>\n<p>Raw</p>\n</div>\n\n"
                + "line<br>break\\\nhard").getFirst().body();
        assertEquals("a b\n1 2\nRaw\nline\nbreak\nhard", body);
    }

    @Test
    void plainTextOfAPage() {
        assertEquals("Title\nSome bold text and link.\nx = 1\none\ntwo",
                MarkdownSections.plainText("# Title\n\nSome **bold** text and [link](https://x.example).\n\n"
                        + "```\nx = 1\n```\n\n1. one\n2. two\n\n[r]: /ignored\n"));
        assertEquals("", MarkdownSections.plainText(""));
    }

    @Test
    void oddInput() {
        assertThrows(IllegalArgumentException.class, () -> MarkdownSections.split(null));
        assertThrows(IllegalArgumentException.class, () -> MarkdownSections.plainText(null));
        assertEquals(1, MarkdownSections.split("> ".repeat(100_000) + "deep").size());
        assertTrue(MarkdownSections.plainText("*".repeat(100_000) + "a" + "*".repeat(100_000)).contains("a"));
        assertEquals(List.of("a", "b"), MarkdownSections.split("# a\r\n\r\nx\r\n# b\r\n").stream()
                .map(Section::title).toList());
    }
}
