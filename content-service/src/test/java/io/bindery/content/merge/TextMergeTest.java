package io.bindery.content.merge;

import io.bindery.content.merge.TextMerge.Clean;
import io.bindery.content.merge.TextMerge.Conflict;
import io.bindery.content.merge.TextMerge.Region;
import io.bindery.content.merge.TextMerge.Result;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

class TextMergeTest {

    private static final String BASE = "one\ntwo\nthree\nfour\nfive\nsix\nseven\n";

    private static String clean(Result result) {
        return assertInstanceOf(Clean.class, result, () -> "expected a clean merge but got " + result).text();
    }

    private static List<Region> conflicts(Result result) {
        return assertInstanceOf(Conflict.class, result, () -> "expected a conflict but got " + result).regions();
    }

    // --- fast paths and one-sided edits ---

    @Test
    void editOnlyOnOurSideTakesOurs() {
        String ours = BASE.replace("three", "THREE");
        assertEquals(ours, clean(TextMerge.merge(BASE, ours, BASE)));
    }

    @Test
    void editOnlyOnTheirSideTakesTheirs() {
        String theirs = BASE.replace("three", "THREE");
        assertEquals(theirs, clean(TextMerge.merge(BASE, BASE, theirs)));
    }

    @Test
    void identicalSidesAreTakenAsIs() {
        String both = "completely\nnew\n";
        assertEquals(both, clean(TextMerge.merge(BASE, both, both)));
    }

    // --- clean merges through the diff3 walk ---

    @Test
    void distantEditsOnBothSidesAreBothKept() {
        String ours = BASE.replace("two", "TWO");
        String theirs = BASE.replace("six", "SIX");
        assertEquals("one\nTWO\nthree\nfour\nfive\nSIX\nseven\n", clean(TextMerge.merge(BASE, ours, theirs)));
    }

    @Test
    void editsSeparatedByOneUnchangedLineMergeCleanly() {
        String ours = BASE.replace("two", "TWO");
        String theirs = BASE.replace("four", "FOUR"); // "three" stays between the two edits
        assertEquals("one\nTWO\nthree\nFOUR\nfive\nsix\nseven\n", clean(TextMerge.merge(BASE, ours, theirs)));
    }

    @Test
    void sameEditOnBothSidesIsTakenOnce() {
        // Theirs also edits a distant line so the ours.equals(theirs) fast path is not used.
        String ours = BASE.replace("three", "THREE");
        String theirs = BASE.replace("three", "THREE").replace("seven", "SEVEN");
        assertEquals("one\ntwo\nTHREE\nfour\nfive\nsix\nSEVEN\n", clean(TextMerge.merge(BASE, ours, theirs)));
    }

    @Test
    void sameDeletionOnBothSidesIsTakenOnce() {
        String ours = BASE.replace("four\n", "");
        String theirs = BASE.replace("four\n", "").replace("one", "ONE");
        assertEquals("ONE\ntwo\nthree\nfive\nsix\nseven\n", clean(TextMerge.merge(BASE, ours, theirs)));
    }

    @Test
    void identicalInsertionsAtTheSamePointAreTakenOnce() {
        String ours = BASE.replace("three\n", "three\ninserted\n");
        String theirs = BASE.replace("three\n", "three\ninserted\n").replace("one", "ONE");
        assertEquals("ONE\ntwo\nthree\ninserted\nfour\nfive\nsix\nseven\n",
                clean(TextMerge.merge(BASE, ours, theirs)));
    }

    @Test
    void insertionAndDeletionFarApartBothApply() {
        String ours = "zero\n" + BASE;
        String theirs = BASE.replace("six\n", "");
        assertEquals("zero\none\ntwo\nthree\nfour\nfive\nseven\n", clean(TextMerge.merge(BASE, ours, theirs)));
    }

    // --- conflicts ---

    @Test
    void differentEditsOfTheSameLineConflict() {
        String ours = BASE.replace("three", "ours");
        String theirs = BASE.replace("three", "theirs");
        List<Region> regions = conflicts(TextMerge.merge(BASE, ours, theirs));
        assertEquals(List.of(new Region(2, 3, List.of("three\n"), List.of("ours\n"), List.of("theirs\n"))), regions);
    }

    @Test
    void editsOfAdjacentLinesConflictLikeGit() {
        // No unchanged line separates the two edits, so git (and we) cannot tell they are independent.
        String ours = BASE.replace("three", "THREE");
        String theirs = BASE.replace("four", "FOUR");
        List<Region> regions = conflicts(TextMerge.merge(BASE, ours, theirs));
        assertEquals(List.of(new Region(2, 4, List.of("three\n", "four\n"),
                List.of("THREE\n", "four\n"), List.of("three\n", "FOUR\n"))), regions);
    }

    @Test
    void insertionRightAfterALineTheOtherSideEditsConflicts() {
        String ours = BASE.replace("three\n", "three\nnew line\n");
        String theirs = BASE.replace("three", "THREE");
        List<Region> regions = conflicts(TextMerge.merge(BASE, ours, theirs));
        assertEquals(List.of(new Region(2, 3, List.of("three\n"),
                List.of("three\n", "new line\n"), List.of("THREE\n"))), regions);
    }

    @Test
    void differentInsertionsAtTheSamePointConflict() {
        String ours = BASE.replace("three\n", "three\nours\n");
        String theirs = BASE.replace("three\n", "three\ntheirs\n");
        List<Region> regions = conflicts(TextMerge.merge(BASE, ours, theirs));
        assertEquals(List.of(new Region(3, 3, List.of(), List.of("ours\n"), List.of("theirs\n"))), regions);
    }

    @Test
    void deletionAgainstEditConflicts() {
        String ours = BASE.replace("four\n", "");
        String theirs = BASE.replace("four", "FOUR");
        List<Region> regions = conflicts(TextMerge.merge(BASE, ours, theirs));
        assertEquals(List.of(new Region(3, 4, List.of("four\n"), List.of(), List.of("FOUR\n"))), regions);
    }

    @Test
    void differentAppendsAtTheEndConflict() {
        String ours = BASE + "ours 1\nours 2\n";
        String theirs = BASE + "theirs\n";
        List<Region> regions = conflicts(TextMerge.merge(BASE, ours, theirs));
        assertEquals(List.of(new Region(7, 7, List.of(), List.of("ours 1\n", "ours 2\n"), List.of("theirs\n"))),
                regions);
    }

    @Test
    void identicalAppendsAtTheEndAreTakenOnce() {
        String ours = BASE + "appendix\n";
        String theirs = BASE.replace("one", "ONE") + "appendix\n";
        assertEquals("ONE\ntwo\nthree\nfour\nfive\nsix\nseven\nappendix\n", clean(TextMerge.merge(BASE, ours, theirs)));
    }

    @Test
    void everyConflictingHunkIsReportedWithPositionsInBase() {
        String ours = BASE.replace("one", "ours-1").replace("five", "ours-5");
        String theirs = BASE.replace("one", "theirs-1").replace("five", "theirs-5").replace("seven", "SEVEN");
        List<Region> regions = conflicts(TextMerge.merge(BASE, ours, theirs));
        assertEquals(2, regions.size());
        assertEquals(new Region(0, 1, List.of("one\n"), List.of("ours-1\n"), List.of("theirs-1\n")), regions.get(0));
        assertEquals(new Region(4, 5, List.of("five\n"), List.of("ours-5\n"), List.of("theirs-5\n")), regions.get(1));
    }

    @Test
    void chainOfTouchingHunksBecomesOneConflict() {
        // ours edits 2-3, theirs edits 4 (touching), ours edits 5 (touching theirs) -> one region 1..5.
        String ours = "one\nTWO\nTHREE\nfour\nFIVE\nsix\nseven\n";
        String theirs = "one\ntwo\nthree\nFOUR\nfive\nsix\nseven\n";
        List<Region> regions = conflicts(TextMerge.merge(BASE, ours, theirs));
        assertEquals(1, regions.size());
        Region region = regions.get(0);
        assertEquals(1, region.baseStart());
        assertEquals(5, region.baseEnd());
        assertEquals(List.of("TWO\n", "THREE\n", "four\n", "FIVE\n"), region.ours());
        assertEquals(List.of("two\n", "three\n", "FOUR\n", "five\n"), region.theirs());
    }

    // --- line terminators ---

    @Test
    void crlfLineEndingsArePreservedExactly() {
        String base = "a\r\nb\r\nc\r\nd\r\ne\r\n";
        String ours = "A\r\nb\r\nc\r\nd\r\ne\r\n";
        String theirs = "a\r\nb\r\nc\r\nd\r\nE\r\n";
        assertEquals("A\r\nb\r\nc\r\nd\r\nE\r\n", clean(TextMerge.merge(base, ours, theirs)));
    }

    @Test
    void switchingALineFromCrlfToLfIsAChangeOfThatLine() {
        String base = "a\r\nb\r\nc\r\nd\r\n";
        String ours = "a\nb\r\nc\r\nd\r\n";
        String theirs = "a\r\nb\r\nc\r\nD\r\n";
        assertEquals("a\nb\r\nc\r\nD\r\n", clean(TextMerge.merge(base, ours, theirs)));
    }

    @Test
    void missingFinalNewlineIsPreserved() {
        String base = "a\nb\nc\nd";
        String ours = "A\nb\nc\nd";
        String theirs = "a\nb\nc\nD";
        assertEquals("A\nb\nc\nD", clean(TextMerge.merge(base, ours, theirs)));
    }

    @Test
    void addingTheFinalNewlineIsAChangeOfTheLastLine() {
        String base = "a\nb\nc\nd";
        String ours = "A\nb\nc\nd";
        String theirs = "a\nb\nc\nd\n";
        assertEquals("A\nb\nc\nd\n", clean(TextMerge.merge(base, ours, theirs)));
    }

    @Test
    void addingTheFinalNewlineConflictsWithEditingTheLastLine() {
        String base = "a\nb\nc\nd";
        String ours = "a\nb\nc\nd\n";
        String theirs = "a\nb\nc\nD";
        List<Region> regions = conflicts(TextMerge.merge(base, ours, theirs));
        assertEquals(List.of(new Region(3, 4, List.of("d"), List.of("d\n"), List.of("D"))), regions);
    }

    @Test
    void loneCarriageReturnIsContentNotALineBreak() {
        assertEquals(List.of("a\rb\n", "c"), TextMerge.splitLines("a\rb\nc"));
        assertEquals(List.of("a\r\n", "\r\n", "\n"), TextMerge.splitLines("a\r\n\r\n\n"));
        assertEquals(List.of(), TextMerge.splitLines(""));
    }

    // --- empty and null inputs ---

    @Test
    void pageCreatedOnBothSidesMergesAgainstAnEmptyBase() {
        List<Region> regions = conflicts(TextMerge.merge(null, "# Ours\n", "# Theirs\n"));
        assertEquals(List.of(new Region(0, 0, List.of(), List.of("# Ours\n"), List.of("# Theirs\n"))), regions);
    }

    @Test
    void nullAndEmptyInputsAreTheEmptyPage() {
        assertEquals("", clean(TextMerge.merge(null, null, null)));
        assertEquals("x\n", clean(TextMerge.merge(null, "x\n", null)));
        assertEquals("x\n", clean(TextMerge.merge("", null, "x\n")));
        assertEquals("", clean(TextMerge.merge("gone\n", "", null)));
    }

    @Test
    void bothSidesEmptyingThePageIsClean() {
        assertEquals("", clean(TextMerge.merge(BASE, "", "")));
    }

    @Test
    void emptyingThePageConflictsWithAnEdit() {
        List<Region> regions = conflicts(TextMerge.merge(BASE, "", BASE.replace("two", "TWO")));
        assertEquals(1, regions.size());
        assertEquals(0, regions.get(0).baseStart());
        assertEquals(7, regions.get(0).baseEnd());
        assertEquals(List.of(), regions.get(0).ours());
    }

    // --- odd input ---

    @Test
    void unicodeAndHugeLinesMergeByLine() {
        String huge = "🙂é中".repeat(200_000) + "\n";
        String base = "title\n" + huge + "middle\n" + "end\n";
        String ours = "títle ✓\n" + huge + "middle\n" + "end\n";
        String theirs = "title\n" + huge + "middle\n" + "énd 🚀\n";
        assertEquals("títle ✓\n" + huge + "middle\n" + "énd 🚀\n", clean(TextMerge.merge(base, ours, theirs)));
    }

    @Test
    void resultListsAreImmutable() {
        List<Region> regions = conflicts(TextMerge.merge("a\n", "b\n", "c\n"));
        assertThrows(UnsupportedOperationException.class, () -> regions.add(regions.get(0)));
        assertThrows(UnsupportedOperationException.class, () -> regions.get(0).ours().clear());
    }

    // --- size and robustness ---

    @Test
    void largePageWithFewEditsMergesQuickly() {
        List<String> base = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            base.add("Line " + i + " of a long page about widgets.\n");
        }
        List<String> ours = new ArrayList<>(base);
        List<String> theirs = new ArrayList<>(base);
        ours.set(10, "ours edited line 10\n");
        ours.add(2_000, "ours inserted before line 2000\n");
        theirs.set(1_000, "theirs edited line 1000\n");
        theirs.remove(4_000);
        List<String> expected = new ArrayList<>(base);
        expected.set(10, "ours edited line 10\n");
        expected.set(1_000, "theirs edited line 1000\n");
        expected.remove(4_000);
        expected.add(2_000, "ours inserted before line 2000\n");

        String baseText = String.join("", base);
        String oursText = String.join("", ours);
        String theirsText = String.join("", theirs);
        TextMerge.merge(baseText, oursText, theirsText); // warm-up so the timing shows the merge, not class loading
        long started = System.nanoTime();
        Result result = TextMerge.merge(baseText, oursText, theirsText);
        long micros = (System.nanoTime() - started) / 1_000;
        System.out.println("TextMerge: 5,000-line page with 4 edits merged in " + micros + " µs");

        assertEquals(String.join("", expected), clean(result));
        assertTrue(micros < 2_000_000, "merge took " + micros + " µs");
    }

    @Test
    void completelyRewrittenLargePagesStillFinish() {
        StringBuilder base = new StringBuilder();
        StringBuilder ours = new StringBuilder();
        StringBuilder theirs = new StringBuilder();
        for (int i = 0; i < 5_000; i++) {
            base.append("base ").append(i).append('\n');
            ours.append("ours ").append(i).append('\n');
            theirs.append("theirs ").append(i).append('\n');
        }
        long started = System.nanoTime();
        List<Region> regions = conflicts(TextMerge.merge(base.toString(), ours.toString(), theirs.toString()));
        long millis = (System.nanoTime() - started) / 1_000_000;
        System.out.println("TextMerge: worst case (3 unrelated 5,000-line pages) in " + millis + " ms");
        assertEquals(1, regions.size());
        assertEquals(5_000, regions.get(0).ours().size());
    }

    /**
     * Random small edits on both sides. Checks invariants that must hold for any input: no exception,
     * swapping sides gives the same clean text (or the mirrored conflicts), and every region points at
     * the right base lines in order without overlap.
     */
    @Test
    void randomEditsKeepMergeInvariants() {
        Random random = new Random(42);
        for (int round = 0; round < 2_000; round++) {
            String baseText = String.join("", randomLines(random, random.nextInt(12)));
            List<String> base = TextMerge.splitLines(baseText);
            String ours = String.join("", randomlyEdited(random, base));
            String theirs = String.join("", randomlyEdited(random, base));

            Result forward = TextMerge.merge(baseText, ours, theirs);
            Result backward = TextMerge.merge(baseText, theirs, ours);
            String context = "base=" + baseText + " ours=" + ours + " theirs=" + theirs;
            switch (forward) {
                case Clean c -> assertEquals(c.text(), clean(backward), context);
                case Conflict c -> {
                    List<Region> mirrored = conflicts(backward);
                    assertEquals(c.regions().size(), mirrored.size(), context);
                    int previousEnd = -1;
                    for (int i = 0; i < c.regions().size(); i++) {
                        Region region = c.regions().get(i);
                        assertEquals(region.ours(), mirrored.get(i).theirs(), context);
                        assertEquals(region.theirs(), mirrored.get(i).ours(), context);
                        assertTrue(region.baseStart() > previousEnd, context);
                        assertEquals(base.subList(region.baseStart(), region.baseEnd()), region.base(), context);
                        assertFalse(region.ours().equals(region.theirs()), context);
                        previousEnd = region.baseEnd();
                    }
                }
            }
        }
    }

    @Test
    void randomEditsOnWellSeparatedLinesAlwaysMergeToBothEdits() {
        Random random = new Random(7);
        for (int round = 0; round < 500; round++) {
            int size = 20 + random.nextInt(40);
            List<String> base = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                base.add("line " + i + (random.nextBoolean() ? "\r\n" : "\n"));
            }
            // Lines 4k+1 may be edited by ours, lines 4k+3 by theirs: never the same or adjacent line.
            List<String> ours = new ArrayList<>(base);
            List<String> theirs = new ArrayList<>(base);
            List<String> expected = new ArrayList<>(base);
            for (int i = 0; i < size; i++) {
                if (i % 4 == 1 && random.nextInt(3) == 0) {
                    ours.set(i, "ours " + i + "\n");
                    expected.set(i, "ours " + i + "\n");
                } else if (i % 4 == 3 && random.nextInt(3) == 0) {
                    theirs.set(i, "theirs " + i + "\n");
                    expected.set(i, "theirs " + i + "\n");
                }
            }
            Result result = TextMerge.merge(String.join("", base), String.join("", ours), String.join("", theirs));
            if (!(result instanceof Clean c)) {
                fail("expected clean merge in round " + round + ": " + result);
                return;
            }
            assertEquals(String.join("", expected), c.text());
        }
    }

    private static List<String> randomLines(Random random, int count) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            lines.add(randomLine(random));
        }
        return lines;
    }

    /** Few distinct values so sides often collide with base and each other. */
    private static String randomLine(Random random) {
        String[] contents = {"a", "b", "c", "", "é"};
        String[] endings = {"\n", "\n", "\r\n", ""};
        return contents[random.nextInt(contents.length)] + endings[random.nextInt(endings.length)];
    }

    private static List<String> randomlyEdited(Random random, List<String> base) {
        List<String> edited = new ArrayList<>(base);
        int edits = random.nextInt(3);
        for (int e = 0; e < edits; e++) {
            int at = edited.isEmpty() ? 0 : random.nextInt(edited.size() + 1);
            switch (random.nextInt(3)) {
                case 0 -> edited.add(at, randomLine(random));
                case 1 -> {
                    if (at < edited.size()) {
                        edited.remove(at);
                    }
                }
                default -> {
                    if (at < edited.size()) {
                        edited.set(at, randomLine(random));
                    }
                }
            }
        }
        return edited;
    }
}
