package io.bindery.insights.clusters;

import io.bindery.insights.config.InsightsConfig;
import io.bindery.insights.conversations.IngestConversationRequest;
import io.bindery.insights.issues.IssueExtraction;
import io.bindery.insights.issues.RuleBasedIssueExtraction;
import io.bindery.insights.testing.InsightsFixtures;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The engine alone, without Quarkus: the fixtures' three problems, and the gathering pass of large inputs. */
class ClusteringEngineTest {
    static InsightsConfig config(double cut, int maxGroups) {
        InsightsConfig.Clustering clustering = new InsightsConfig.Clustering() {
            public double cutDistance() {
                return cut;
            }

            public double gap() {
                return 0.25;
            }

            public double wordWeight() {
                return 0;
            }

            public int minClusterSize() {
                return 3;
            }

            public double joinSimilarity() {
                return 0.2;
            }

            public int maxGroups() {
                return maxGroups;
            }

            public double groupSimilarity() {
                return 0.6;
            }

            public String recomputeEvery() {
                return "off";
            }

            public int maxIssues() {
                return 20000;
            }
        };
        return new InsightsConfig() {
            public Clustering clustering() {
                return clustering;
            }

            public Embeddings embeddings() {
                return null;
            }

            public Workers workers() {
                return () -> true;
            }

            public Translations translations() {
                return null;
            }
        };
    }

    /** Issues of {@code n} fixture conversations: their terms, and each one's problem. */
    static List<List<TextFeatures.Term>> issues(int n, List<Integer> problems, long seed) {
        Random random = new Random(seed);
        IssueExtraction extraction = new RuleBasedIssueExtraction();
        List<List<TextFeatures.Term>> terms = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String body = InsightsFixtures.conversation("c" + i, i % 3, 1, random);
            String text = body.replaceAll(".*\"role\":\"user\",\"body\":\"([^\"]*)\".*", "$1");
            for (IssueExtraction.Extracted e : extraction.extract(null,
                    List.of(new IngestConversationRequest.Part("message", "user", text)))) {
                terms.add(TextFeatures.terms(e.title() + "\n" + e.title() + "\n" + e.summary()));
                problems.add(i % 3);
            }
        }
        return terms;
    }

    static int[] cluster(List<List<TextFeatures.Term>> terms, InsightsConfig config) {
        return AgglomerativeClustering.of(config).cluster(
                IssueTable.of(terms.stream().map(TextFeatures::encode).toList()).vectors());
    }

    static double purity(int[] labels, List<Integer> problems) {
        Map<Integer, Map<Integer, Integer>> counts = new HashMap<>();
        for (int i = 0; i < labels.length; i++) {
            counts.computeIfAbsent(labels[i], l -> new HashMap<>()).merge(problems.get(i), 1, Integer::sum);
        }
        int right = 0;
        for (Map.Entry<Integer, Map<Integer, Integer>> e : counts.entrySet()) {
            if (e.getKey() >= 0) {
                right += e.getValue().values().stream().mapToInt(Integer::intValue).max().orElse(0);
            }
        }
        return (double) right / labels.length;
    }

    @Test
    void threeProblemsGiveThreeClusters() {
        List<Integer> problems = new ArrayList<>();
        List<List<TextFeatures.Term>> terms = issues(300, problems, 19);
        for (double cut : new double[]{0.8, 0.85, 0.9, 0.93, 0.95, 0.97}) {
            int[] labels = cluster(terms, config(cut, 2000));
            System.out.printf("cut %.2f: %d clusters, purity %.3f%n", cut,
                    java.util.Arrays.stream(labels).max().orElse(-1) + 1, purity(labels, problems));
        }
        int[] labels = cluster(terms, config(0.97, 2000));
        assertEquals(3, java.util.Arrays.stream(labels).max().orElse(-1) + 1);
        assertTrue(purity(labels, problems) >= 0.9);
    }

    @Test
    void tenThousandIssuesAreGatheredIntoGroupsFirst() {
        List<Integer> problems = new ArrayList<>();
        List<List<TextFeatures.Term>> terms = issues(10_000, problems, 7);
        long started = System.nanoTime();
        int[] labels = cluster(terms, config(0.97, 2000));
        long millis = (System.nanoTime() - started) / 1_000_000;
        System.out.printf("10,000 issues: %d clusters, purity %.3f, %d ms%n",
                java.util.Arrays.stream(labels).max().orElse(-1) + 1, purity(labels, problems), millis);
        assertEquals(3, java.util.Arrays.stream(labels).max().orElse(-1) + 1);
        assertTrue(purity(labels, problems) >= 0.9);
        assertTrue(millis < 10_000, millis + " ms");
    }

    /**
     * The recompute's cost with embeddings (issue 33): 10,000 issues of 12 topics, each a 384-dimension unit vector
     * near its topic's (cosine about 0.7) with its TF-IDF words beside, at the service's word weight: past 2,000
     * issues the leader pass compares each with up to 2,000 leaders, by both vectors.
     */
    @Test
    void tenThousandEmbeddedIssuesWithTheirWords() {
        List<Integer> problems = new ArrayList<>();
        List<List<TextFeatures.Term>> terms = benchIssues(10_000, 12, problems);
        Random rng = new Random(33);
        float[][] topics = new float[12][];
        for (int t = 0; t < 12; t++) {
            topics[t] = unit(gaussian(rng, 1.0));
        }
        List<SparseVector> meaning = new ArrayList<>();
        for (int i = 0; i < terms.size(); i++) {
            float[] noise = unit(gaussian(rng, 1.0));
            float[] v = new float[384];
            for (int d = 0; d < 384; d++) {
                v[d] = 0.85f * topics[problems.get(i)][d] + 0.53f * noise[d];
            }
            meaning.add(SparseVector.dense(unit(v)));
        }
        List<SparseVector> words = IssueTable.of(terms.stream().map(TextFeatures::encode).toList()).vectors();
        long started = System.nanoTime();
        int[] labels = AgglomerativeClustering.of(InsightsSetTest.config(0.65, 1, 3, 0.5, 0.2))
                .cluster(meaning, words, 0.2);
        long millis = (System.nanoTime() - started) / 1_000_000;
        System.out.printf("10,000 embedded issues of 12 topics: %d clusters, purity %.3f, %d ms%n",
                java.util.Arrays.stream(labels).max().orElse(-1) + 1, purity(labels, problems), millis);
        assertTrue(purity(labels, problems) >= 0.9);
        assertTrue(millis < 10_000, millis + " ms");
    }

    private static float[] gaussian(Random rng, double scale) {
        float[] v = new float[384];
        for (int d = 0; d < 384; d++) {
            v[d] = (float) (rng.nextGaussian() * scale);
        }
        return v;
    }

    private static float[] unit(float[] v) {
        double norm = 0;
        for (float x : v) {
            norm += x * x;
        }
        float[] out = new float[v.length];
        for (int d = 0; d < v.length; d++) {
            out[d] = (float) (v[d] / Math.sqrt(norm));
        }
        return out;
    }

    /** Like bench/insights.sh: topics of three nouns of their own, worded with shared verbs and filler words. */
    static List<List<TextFeatures.Term>> benchIssues(int n, int topics, List<Integer> problems) {
        Random rng = new Random(19);
        String[] nouns = ("login password export pdf domain certificate search index invoice payment webhook token image upload "
                + "theme logo font sync branch merge member invite permission table diagram embed sitemap analytics comment "
                + "translation language cache redirect api key editor markdown page").split(" ");
        String[] filler = "today again our team the page when we try after the update on mobile in chrome for the site".split(" ");
        String[] verbs = {"I can't", "We are unable to", "It fails when I", "How do I", "Is there a way to", "Error when we"};
        String[] actions = "open use change set up configure update remove add find see".split(" ");
        // each topic its own three nouns (bench/insights.sh makes them the same way)
        List<String[]> topicWords = new ArrayList<>();
        for (int t = 0; t < topics; t++) {
            topicWords.add(new String[]{nouns[3 * t], nouns[3 * t + 1], nouns[3 * t + 2]});
        }
        List<List<TextFeatures.Term>> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String[] w = topicWords.get(i % topics);
            String text = verbs[rng.nextInt(verbs.length)] + " " + actions[rng.nextInt(actions.length)] + " the " + w[0]
                    + " " + w[1 + rng.nextInt(2)] + ", " + filler[rng.nextInt(filler.length)] + " "
                    + filler[rng.nextInt(filler.length)] + " " + filler[rng.nextInt(filler.length)] + " " + w[rng.nextInt(3)] + ".";
            out.add(TextFeatures.terms(text + "\n" + text + "\n" + text));
            problems.add(i % topics);
        }
        return out;
    }

    @Test
    void topicsWordedWithSharedFillerStayApart() {
        List<Integer> problems = new ArrayList<>();
        List<List<TextFeatures.Term>> terms = benchIssues(3000, 12, problems);
        int[] labels = cluster(terms, config(0.97, 2000));
        System.out.printf("bench-like 3,000 issues of 12 topics: %d clusters, purity %.3f%n",
                java.util.Arrays.stream(labels).max().orElse(-1) + 1, purity(labels, problems));
        assertEquals(12, java.util.Arrays.stream(labels).max().orElse(-1) + 1);
        assertTrue(purity(labels, problems) >= 0.9);
    }
}
