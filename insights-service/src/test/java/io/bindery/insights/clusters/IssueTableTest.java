package io.bindery.insights.clusters;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The recompute's small form of issues gives what decoding every issue's terms into maps gave. */
class IssueTableTest {
    @Test
    void vectorsAreTheTfIdfOfTheDecodedTerms() {
        List<Integer> problems = new ArrayList<>();
        List<String> encoded = ClusteringEngineTest.benchIssues(2000, 12, problems).stream()
                .map(TextFeatures::encode).toList();
        IssueTable table = IssueTable.of(encoded);
        List<SparseVector> vectors = table.vectors();

        // the plain way: decoded terms, a map of weights per issue
        Map<String, Integer> df = new HashMap<>();
        List<Map<String, Integer>> counts = encoded.stream().map(e -> TextFeatures.counts(TextFeatures.decode(e))).toList();
        counts.forEach(c -> c.keySet().forEach(s -> df.merge(s, 1, Integer::sum)));
        Centroid.Idf idf = new Centroid.Idf(df, encoded.size());
        assertEquals(df, table.idf().df());
        List<Map<String, Double>> plain = new ArrayList<>();
        for (Map<String, Integer> c : counts) {
            Map<String, Double> w = new HashMap<>();
            c.forEach((stem, n) -> {
                if (df.get(stem) > 1) {
                    w.put(stem, (1 + Math.log(n)) * idf.of(stem));
                }
            });
            double norm = Math.sqrt(w.values().stream().mapToDouble(x -> x * x).sum());
            w.replaceAll((s, x) -> x / norm);
            plain.add(w);
        }
        for (int i = 0; i < 2000; i += 7) {
            for (int j = 1; j < 2000; j += 13) {
                assertEquals(dot(plain.get(i), plain.get(j)), vectors.get(i).dot(vectors.get(j)), 1e-5);
            }
            assertEquals(1.0, vectors.get(i).dot(vectors.get(i)), 1e-5);
        }
    }

    static double dot(Map<String, Double> a, Map<String, Double> b) {
        double sum = 0;
        for (Map.Entry<String, Double> e : a.entrySet()) {
            sum += e.getValue() * b.getOrDefault(e.getKey(), 0.0);
        }
        return sum;
    }

    @Test
    void centroidCountsMembersAndTheirUsualWord() {
        IssueTable table = IssueTable.of(List.of(
                "login/login login/logins export/exported",
                "login/logins export/export export/exports",
                "login/logins pdf/pdf",
                "other/other"));
        Centroid c = table.centroid(List.of(0, 1, 2));
        assertEquals(3, c.terms.get("login").n);
        assertEquals("logins", c.terms.get("login").w);
        assertEquals(2, c.terms.get("export").n);
        // a tie: the word seen first
        assertEquals("exported", c.terms.get("export").w);
        assertEquals(1, c.terms.get("pdf").n);
        assertEquals(3, c.terms.size());
        assertEquals(3, table.idf().df().get("login"));
        assertEquals(4, table.idf().documents());
    }

    @Test
    void manyDistinctStemsAndEmptyIssues() {
        List<String> encoded = new ArrayList<>();
        IntStream.range(0, 3000).forEach(i -> encoded.add("s" + i + "/w" + i + " common/common s" + (i + 1)));
        encoded.add("");
        encoded.add(null);
        IssueTable table = IssueTable.of(encoded);
        assertEquals(3002, table.size());
        Map<String, Integer> df = table.idf().df();
        assertEquals(3002, df.size());
        assertEquals(3000, df.get("common"));
        assertEquals(2, df.get("s5"));
        assertEquals(1, df.get("s0"));
        List<SparseVector> vectors = table.vectors();
        assertSame(SparseVector.EMPTY, vectors.get(3000));
        assertSame(SparseVector.EMPTY, vectors.get(3001));
        assertTrue(vectors.get(10).dot(vectors.get(11)) > 0.5);
    }
}
