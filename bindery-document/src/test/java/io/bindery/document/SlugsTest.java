package io.bindery.document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SlugsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Getting Started!|getting-started",
            "  --Hello,   World--  |hello-world",
            "Crème Brûlée à la carte|creme-brulee-a-la-carte",
            "Straße & Smørrebrød, Łódź, Æther, Œuvre, Þing, İstanbul|strasse-smorrebrod-lodz-aether-oeuvre-thing-istanbul",
            "ﬁle ＡＰＩ v2.0|file-api-v2-0",
            "C++ / C# (2024)|c-c-2024",
            "snake_case.file|snake-case-file",
            "UPPER lower 123|upper-lower-123",
            "emoji 🎉 title|emoji-title",
    })
    void slugs(String title, String slug) {
        assertEquals(slug, Slugs.of(title));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "!!!", "🎉", "文档", "----"})
    void nothingLeftIsUntitled(String title) {
        assertEquals("untitled", Slugs.of(title));
    }

    @Test
    void nullIsUntitled() {
        assertEquals("untitled", Slugs.of(null));
    }

    @Test
    void longTitlesAreCutAtAWordBoundary() {
        String slug = Slugs.of("word ".repeat(40));
        assertEquals(99, slug.length());
        assertTrue(slug.endsWith("-word"));
        assertEquals("a".repeat(100), Slugs.of("a".repeat(150)), "no boundary: hard cut");
        assertEquals("x".repeat(100), Slugs.of("x".repeat(100) + " tail"), "boundary exactly at 100");
        String early = Slugs.of("b " + "c".repeat(150));
        assertEquals("b-" + "c".repeat(98), early, "a boundary that would drop most of the slug is ignored");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "getting-started", "v2-0", "0"})
    void validSlugs(String slug) {
        assertTrue(Slugs.isValid(slug));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-a", "a-", "a--b", "A", "a b", "a_b", "a.b", "é", "a/b"})
    void invalidSlugs(String slug) {
        assertFalse(Slugs.isValid(slug));
    }

    @Test
    void lengthAndNull() {
        assertTrue(Slugs.isValid("a".repeat(100)));
        assertFalse(Slugs.isValid("a".repeat(101)));
        assertFalse(Slugs.isValid(null));
    }

    @Test
    void everySlugIsValid() {
        Random random = new Random(3);
        String alphabet = "aZé ß-_.!🎉文 0Œ\t\n/";
        for (int i = 0; i < 5_000; i++) {
            StringBuilder title = new StringBuilder();
            int length = random.nextInt(300);
            for (int c = 0; c < length; c++) {
                title.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String slug = Slugs.of(title.toString());
            assertTrue(Slugs.isValid(slug), () -> title + " -> " + slug);
        }
    }
}
