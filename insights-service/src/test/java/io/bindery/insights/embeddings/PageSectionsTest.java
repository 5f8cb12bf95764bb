package io.bindery.insights.embeddings;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PageSectionsTest {

    @Test
    void sectionsAreContentsWithPageAndHeadingInTheText() {
        List<PageSections.Section> s = PageSections.of("Guide", """
                Intro text.

                ## Set up
                Run it.

                ## Set up
                See [the docs](https://docs.example).
                """, 1500);
        assertEquals(List.of("", "set-up", "set-up-1"), s.stream().map(PageSections.Section::key).toList());
        assertEquals("Guide", s.get(0).title());
        assertEquals("Guide\nIntro text.", s.get(0).embedded());
        assertEquals("Guide\nSet up\nSee the docs.", s.get(2).embedded());
        assertEquals(List.of(0, 1, 2), s.stream().map(PageSections.Section::position).toList());
    }

    @Test
    void theHashFollowsTheTextEmbedded() {
        var a = PageSections.of("P", "## A\nsame", 1500).getFirst();
        var b = PageSections.of("P", "## A\nsame", 1500).getFirst();
        var c = PageSections.of("P", "## A\nother", 1500).getFirst();
        var d = PageSections.of("Q", "## A\nsame", 1500).getFirst();
        assertEquals(a.hash(), b.hash());
        assertNotEquals(a.hash(), c.hash());
        assertNotEquals(a.hash(), d.hash(), "the page title is part of what is embedded");
    }

    @Test
    void emptyPagesHaveNoSectionsAndLongTextIsCut() {
        assertTrue(PageSections.of("", "", 1500).isEmpty());
        assertEquals(100, PageSections.of("", "y".repeat(500), 100).getFirst().embedded().length());
    }
}
