package io.bindery.insights.clusters;

import io.bindery.insights.config.InsightsConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import smile.clustering.HierarchicalClustering;
import smile.clustering.linkage.Linkage;
import smile.clustering.linkage.UPGMALinkage;
import smile.math.distance.Distance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Average-linkage (UPGMA) agglomerative clustering with Smile over cosine distances, cut at
 * {@code clustering.cut-distance}, or lower in a wide gap of the dendrogram ({@link #cut}). Its proximity matrix is n²/2 floats, so beyond {@code clustering.max-groups}
 * vectors they are first gathered into groups by a leader pass (a vector joins the group whose leader it
 * resembles most, if by at least {@code clustering.group-similarity}) and the groups' centroids are clustered: 10,000 issues
 * cost a 2,000-point matrix (8 MB), not a 10,000-point one (200 MB). Clusters smaller than
 * {@code clustering.min-cluster-size} are dissolved: their vectors join the nearest remaining cluster when similar
 * enough ({@code clustering.join-similarity}), or stay in none.
 */
@ApplicationScoped
public class AgglomerativeClustering implements ClusteringEngine {
    @Inject
    InsightsConfig config;

    /** For use outside CDI (benchmarks, unit tests). */
    public static AgglomerativeClustering of(InsightsConfig config) {
        AgglomerativeClustering engine = new AgglomerativeClustering();
        engine.config = config;
        return engine;
    }

    /** An item without a meaning (an empty vector) belongs to no cluster. */
    @Override
    public int[] cluster(List<SparseVector> meaning, List<SparseVector> words, double wordWeight) {
        List<Point> points = new ArrayList<>(meaning.size());
        for (int i = 0; i < meaning.size(); i++) {
            points.add(new Point(meaning.get(i), words == null ? SparseVector.EMPTY : words.get(i)));
        }
        return clusterPoints(points, wordWeight);
    }

    /** An item: its meaning and its words; similarity as {@link #cluster(List, List, double)} says. */
    record Point(SparseVector meaning, SparseVector words) {
        double sim(Point o, double wordWeight) {
            double m = meaning.dot(o.meaning);
            return wordWeight == 0 ? m : (1 - wordWeight) * m + wordWeight * words.dot(o.words);
        }

        static Point centroid(List<Point> points) {
            return new Point(SparseVector.centroid(points.stream().map(Point::meaning).toList()),
                    SparseVector.centroid(points.stream().map(Point::words).toList()));
        }
    }

    private int[] clusterPoints(List<Point> vectors, double wordWeight) {
        InsightsConfig.Clustering c = config.clustering();
        int n = vectors.size();
        int[] labels = new int[n];
        Arrays.fill(labels, -1);
        // groups of vectors: each vector alone when the matrix is small enough, else a leader pass
        List<List<Integer>> groups = new ArrayList<>();
        List<Point> leaders = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Point v = vectors.get(i);
            if (v.meaning().isEmpty()) {
                continue;
            }
            int best = -1;
            if (n > c.maxGroups()) {
                double bestSim = groups.size() >= c.maxGroups() ? -1 : c.groupSimilarity();
                for (int g = 0; g < leaders.size(); g++) {
                    double sim = v.sim(leaders.get(g), wordWeight);
                    if (sim >= bestSim && (best < 0 || sim > bestSim)) {
                        best = g;
                        bestSim = sim;
                    }
                }
            }
            if (best < 0) {
                groups.add(new ArrayList<>(List.of(i)));
                leaders.add(v);
            } else {
                groups.get(best).add(i);
            }
        }
        int g = groups.size();
        if (g == 0) {
            return labels;
        }
        Point[] centroids = new Point[g];
        for (int k = 0; k < g; k++) {
            centroids[k] = groups.get(k).size() == 1 ? vectors.get(groups.get(k).get(0))
                    : Point.centroid(groups.get(k).stream().map(vectors::get).toList());
        }
        int[] groupLabels;
        if (g == 1) {
            groupLabels = new int[]{0};
        } else {
            Distance<Point> cosine = (a, b) -> Math.max(0, 1 - a.sim(b, wordWeight));
            float[] proximity = Linkage.proximity(centroids, cosine);
            HierarchicalClustering tree = HierarchicalClustering.fit(new UPGMALinkage(g, proximity));
            double[] heights = tree.height();
            groupLabels = partition(tree.tree(), heights, cut(heights, c.cutDistance(), c.gap()));
        }
        for (int k = 0; k < g; k++) {
            for (int i : groups.get(k)) {
                labels[i] = groupLabels[k];
            }
        }
        return dissolveSmall(vectors, labels, c.minClusterSize(), c.joinSimilarity(), wordWeight);
    }

    /**
     * The clusters of a cut: the merges up to that height, in merge order. Smile's own partition refuses a tree whose
     * heights go down anywhere, and UPGMA's float averages of near-duplicate embeddings do, by a rounding error; here
     * a merge counts at the highest height so far, so a merge above the cut leaves its later parents undone too.
     */
    static int[] partition(int[][] merges, double[] heights, double cut) {
        int n = merges.length + 1;
        int[] parent = new int[2 * n - 1];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
        double running = Double.NEGATIVE_INFINITY;
        for (int m = 0; m < merges.length; m++) {
            running = Math.max(running, heights[m]);
            if (running > cut) {
                break;
            }
            parent[root(parent, merges[m][0])] = n + m;
            parent[root(parent, merges[m][1])] = n + m;
        }
        int[] labels = new int[n];
        Map<Integer, Integer> numbers = new HashMap<>();
        for (int i = 0; i < n; i++) {
            labels[i] = numbers.computeIfAbsent(root(parent, i), r -> numbers.size());
        }
        return labels;
    }

    private static int root(int[] parent, int node) {
        while (parent[node] != node) {
            parent[node] = parent[parent[node]];
            node = parent[node];
        }
        return node;
    }

    /**
     * Where the dendrogram is cut: in its widest gap between two successive merge heights when that gap is at least
     * {@code gap} wide and starts below {@code cutDistance} (topics that share common words still merge only far
     * above the merges within a topic), else at {@code cutDistance}.
     */
    static double cut(double[] heights, double cutDistance, double gap) {
        double[] sorted = heights.clone();
        Arrays.sort(sorted);
        double widest = 0;
        double at = cutDistance;
        for (int i = 0; i + 1 < sorted.length; i++) {
            double width = sorted[i + 1] - sorted[i];
            if (sorted[i] < cutDistance && width > widest) {
                widest = width;
                at = (sorted[i] + sorted[i + 1]) / 2;
            }
        }
        return widest >= gap ? Math.min(at, cutDistance) : cutDistance;
    }

    /** Clusters below the minimum size give their vectors to the nearest kept cluster; numbers become 0..k-1. */
    static int[] dissolveSmall(List<Point> vectors, int[] labels, int minSize, double joinSimilarity,
                               double wordWeight) {
        int max = Arrays.stream(labels).max().orElse(-1);
        int[] sizes = new int[max + 1];
        for (int l : labels) {
            if (l >= 0) {
                sizes[l]++;
            }
        }
        int[] renumber = new int[max + 1];
        int kept = 0;
        for (int l = 0; l <= max; l++) {
            renumber[l] = sizes[l] >= minSize ? kept++ : -1;
        }
        List<List<Point>> members = new ArrayList<>();
        for (int k = 0; k < kept; k++) {
            members.add(new ArrayList<>());
        }
        int[] out = new int[labels.length];
        for (int i = 0; i < labels.length; i++) {
            out[i] = labels[i] < 0 ? -1 : renumber[labels[i]];
            if (out[i] >= 0) {
                members.get(out[i]).add(vectors.get(i));
            }
        }
        if (kept == 0) {
            return out;
        }
        Point[] centroids = members.stream().map(Point::centroid).toArray(Point[]::new);
        for (int i = 0; i < out.length; i++) {
            if (out[i] < 0 && !vectors.get(i).meaning().isEmpty()) {
                int best = -1;
                double bestSim = joinSimilarity;
                for (int k = 0; k < kept; k++) {
                    double sim = vectors.get(i).sim(centroids[k], wordWeight);
                    if (sim >= bestSim) {
                        best = k;
                        bestSim = sim;
                    }
                }
                out[i] = best;
            }
        }
        return out;
    }
}
