package io.bindery.content.search;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Reciprocal rank fusion, without Quarkus. */
class RankFusionTest {
    static RankFusion.Key k(String page) {
        return new RankFusion.Key("s", page);
    }

    static List<String> pages(List<RankFusion.Fused> fused) {
        return fused.stream().map(f -> f.key().page()).toList();
    }

    @Test
    void aPageInBothListsBeatsPagesInOne() {
        List<RankFusion.Fused> fused = RankFusion.fuse(List.of(k("a"), k("b")), List.of(k("c"), k("b")), 60);
        assertEquals(List.of("b", "a", "c"), pages(fused));
        assertEquals(1.0 / 62 + 1.0 / 62, fused.get(0).score(), 1e-12);
        assertEquals(2, fused.get(0).lexicalRank());
        assertEquals(2, fused.get(0).vectorRank());
    }

    @Test
    void tiesGoToTheFullTextListThenToTheVectorRank() {
        assertEquals(List.of("a", "c", "b", "d"),
                pages(RankFusion.fuse(List.of(k("a"), k("b")), List.of(k("c"), k("d")), 60)));
    }

    @Test
    void eitherListAloneKeepsItsOrder() {
        assertEquals(List.of("x", "y"), pages(RankFusion.fuse(List.of(), List.of(k("x"), k("y")), 60)));
        assertEquals(List.of("x", "y"), pages(RankFusion.fuse(List.of(k("x"), k("y")), List.of(), 60)));
        assertEquals(List.of(), pages(RankFusion.fuse(List.of(), List.of(), 60)));
    }

    @Test
    void aPageRepeatedInTheVectorListCountsAtItsBestRank() {
        List<RankFusion.Fused> fused = RankFusion.fuse(List.of(k("a")), List.of(k("b"), k("b"), k("a")), 60);
        assertEquals(List.of("a", "b"), pages(fused));
        assertEquals(2, fused.get(0).vectorRank());
        assertEquals(1.0 / 61, RankFusion.fuse(List.of(), List.of(k("b"), k("b")), 60).get(0).score(), 1e-12);
    }
}
