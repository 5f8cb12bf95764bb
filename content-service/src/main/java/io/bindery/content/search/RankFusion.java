package io.bindery.content.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reciprocal rank fusion of two rankings of pages (full text and vectors): a page scores the sum over the lists
 * that hold it of {@code 1 / (k + rank)}, rank one-based. Ranks rather than scores, because a text-search rank
 * and a cosine similarity are not on one scale. Ties (a page first in one list only, against another first in the
 * other only) go to the full-text one: a query that names a page's words keeps that page on top.
 */
final class RankFusion {
    private RankFusion() {
    }

    /** A page of a space. */
    record Key(String space, String page) {
    }

    /** A fused page: its score and its one-based rank in each list (0: not in it). */
    record Fused(Key key, double score, int lexicalRank, int vectorRank) {
    }

    static List<Fused> fuse(List<Key> lexical, List<Key> vector, int k) {
        Map<Key, int[]> ranks = new LinkedHashMap<>();
        for (int i = 0; i < lexical.size(); i++) {
            ranks.computeIfAbsent(lexical.get(i), x -> new int[2])[0] = i + 1;
        }
        int rank = 0;
        for (Key key : vector) {
            int[] r = ranks.computeIfAbsent(key, x -> new int[2]);
            if (r[1] == 0) {
                r[1] = ++rank; // a page listed again (another of its sections) keeps its first rank
            }
        }
        List<Fused> out = new ArrayList<>(ranks.size());
        ranks.forEach((key, r) -> out.add(new Fused(key,
                (r[0] == 0 ? 0 : 1.0 / (k + r[0])) + (r[1] == 0 ? 0 : 1.0 / (k + r[1])), r[0], r[1])));
        out.sort(Comparator.comparingDouble((Fused f) -> -f.score())
                .thenComparingInt(f -> f.lexicalRank() == 0 ? Integer.MAX_VALUE : f.lexicalRank())
                .thenComparingInt(f -> f.vectorRank() == 0 ? Integer.MAX_VALUE : f.vectorRank()));
        return out;
    }
}
