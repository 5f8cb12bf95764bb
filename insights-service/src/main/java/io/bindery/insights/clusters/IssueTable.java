package io.bindery.insights.clusters;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An organization's issues as a full recompute holds them, in a small form: stems and words are numbered once, and
 * each issue keeps its distinct stems as numbers, with their count and the word first written for them. An issue's
 * stored terms are read once, straight into those numbers. Read the plain way (a {@link TextFeatures.Term} and two
 * strings per word, decoded three times, and maps of boxed weights per vector and per centroid), 10,000 issues
 * allocated about 100 MB at once, and each recompute grew the service's heap by 20 MB (issue 19: RSS over 250 MB).
 */
public final class IssueTable {
    private final Dictionary stems = new Dictionary();
    private final Dictionary words = new Dictionary();
    private final List<String> ids = new ArrayList<>();
    private final List<String> conversations = new ArrayList<>();
    /** The cluster each issue was in (one String per cluster id), or null. */
    private final List<String> clusters = new ArrayList<>();
    private final Map<String, String> clusterIds = new HashMap<>();
    /** Per issue, its distinct stems in order of first use, three ints each: stem, count, first word. */
    private final List<int[]> terms = new ArrayList<>();
    /** Per issue, its embedding as a dense vector (384 floats: 15 MB for 10,000 issues), or EMPTY. */
    private final List<SparseVector> embeddings = new ArrayList<>();
    /** Per stem: the number of issues holding it. */
    private int[] df = new int[256];
    /** Per stem, while reading an issue: that issue's number + 1 when it holds the stem, and where. */
    private int[] seen = new int[256];
    private int[] position = new int[256];
    private int[] scratch = new int[96];

    /** A table of issues without ids (engine tests and benchmarks). */
    public static IssueTable of(List<String> encodedTerms) {
        IssueTable table = new IssueTable();
        for (int i = 0; i < encodedTerms.size(); i++) {
            table.add("i" + i, "c" + i, null, encodedTerms.get(i));
        }
        return table;
    }

    /** One issue, with its terms as {@link TextFeatures#encode} stores them, not embedded. */
    public void add(String id, String conversation, String cluster, String encoded) {
        add(id, conversation, cluster, encoded, null);
    }

    /** One issue, with its terms and its embedding (unit length; null: none, it stays in no cluster). */
    public void add(String id, String conversation, String cluster, String encoded, float[] embedding) {
        embeddings.add(embedding == null ? SparseVector.EMPTY : SparseVector.dense(embedding));
        int stamp = terms.size() + 1;
        int distinct = 0;
        int length = encoded == null ? 0 : encoded.length();
        for (int start = 0; start < length; ) {
            int end = encoded.indexOf(' ', start);
            if (end < 0) {
                end = length;
            }
            if (end > start) {
                int slash = encoded.indexOf('/', start);
                boolean pair = slash >= 0 && slash < end;
                int stem = stems.id(encoded, start, pair ? slash : end);
                int word = words.id(encoded, pair ? slash + 1 : start, end);
                if (stem >= seen.length) {
                    int size = Math.max(stem + 1, seen.length * 2);
                    seen = Arrays.copyOf(seen, size);
                    position = Arrays.copyOf(position, size);
                    df = Arrays.copyOf(df, size);
                }
                if (seen[stem] == stamp) {
                    scratch[position[stem] * 3 + 1]++;
                } else {
                    if (distinct * 3 + 3 > scratch.length) {
                        scratch = Arrays.copyOf(scratch, scratch.length * 2);
                    }
                    seen[stem] = stamp;
                    position[stem] = distinct;
                    scratch[distinct * 3] = stem;
                    scratch[distinct * 3 + 1] = 1;
                    scratch[distinct * 3 + 2] = word;
                    distinct++;
                    df[stem]++;
                }
            }
            start = end + 1;
        }
        terms.add(Arrays.copyOf(scratch, distinct * 3));
        ids.add(id);
        conversations.add(conversation);
        clusters.add(cluster == null ? null : clusterIds.computeIfAbsent(cluster, c -> c));
    }

    public int size() {
        return terms.size();
    }

    public String id(int issue) {
        return ids.get(issue);
    }

    public String conversation(int issue) {
        return conversations.get(issue);
    }

    public String cluster(int issue) {
        return clusters.get(issue);
    }

    /** The document frequency of each stem, by name (labels, term_stat). */
    public Centroid.Idf idf() {
        Map<String, Integer> byStem = new HashMap<>(stems.size() * 4 / 3 + 1);
        for (int s = 0; s < stems.size(); s++) {
            byStem.put(stems.get(s), df[s]);
        }
        return new Centroid.Idf(byStem, size());
    }

    /** The issues' embeddings, what the recompute clusters (EMPTY for an issue without one). */
    public List<SparseVector> embeddings() {
        return embeddings;
    }

    /** The plain sum of the members' embeddings (a cluster's stored centroid); null when none has one. */
    public float[] embeddingSum(List<Integer> members) {
        float[] sum = null;
        for (int i : members) {
            SparseVector v = embeddings.get(i);
            if (v.isEmpty()) {
                continue;
            }
            if (sum == null) {
                sum = new float[v.value().length];
            }
            for (int d = 0; d < sum.length; d++) {
                sum[d] += v.value()[d];
            }
        }
        return sum;
    }

    /**
     * TF-IDF vectors, (1 + ln count) times the IDF of {@link Centroid.Idf#of} per stem, of unit length; stems held by
     * one issue only are left out (they tell nothing about groups). The stem numbers are the vectors' indexes.
     */
    public List<SparseVector> vectors() {
        int n = size();
        List<SparseVector> out = new ArrayList<>(n);
        double[] weight = new double[16];
        for (int[] t : terms) {
            int m = t.length / 3;
            int kept = 0;
            for (int k = 0; k < m; k++) {
                if (df[t[k * 3]] > 1) {
                    kept++;
                }
            }
            if (weight.length < kept) {
                weight = new double[kept * 2];
            }
            int[] index = new int[kept];
            double norm = 0;
            int j = 0;
            for (int k = 0; k < m; k++) {
                int stem = t[k * 3];
                if (df[stem] > 1) {
                    double w = (1 + Math.log(t[k * 3 + 1])) * (Math.log((1.0 + n) / (1.0 + df[stem])) + 1);
                    // insertion by stem number: an issue has a few dozen stems at most
                    int at = j++;
                    while (at > 0 && index[at - 1] > stem) {
                        index[at] = index[at - 1];
                        weight[at] = weight[at - 1];
                        at--;
                    }
                    index[at] = stem;
                    weight[at] = w;
                    norm += w * w;
                }
            }
            if (norm == 0) {
                out.add(SparseVector.EMPTY);
                continue;
            }
            norm = Math.sqrt(norm);
            float[] value = new float[kept];
            for (int k = 0; k < kept; k++) {
                value[k] = (float) (weight[k] / norm);
            }
            out.add(new SparseVector(index, value));
        }
        return out;
    }

    /**
     * The members' terms as a cluster keeps them: per stem, how many members hold it and the word most often written
     * first for it (the earliest seen of equals).
     */
    public Centroid centroid(List<Integer> members) {
        int total = 0;
        for (int i : members) {
            total += terms.get(i).length / 3;
        }
        long[] pairs = new long[total];
        int at = 0;
        for (int i : members) {
            int[] t = terms.get(i);
            for (int k = 0; k < t.length; k += 3) {
                pairs[at++] = (long) t[k] << 32 | t[k + 2];
            }
        }
        Arrays.sort(pairs);
        Map<String, Centroid.Entry> out = new HashMap<>();
        for (int k = 0; k < total; ) {
            int stem = (int) (pairs[k] >>> 32);
            Centroid.Entry e = new Centroid.Entry();
            int best = 0;
            while (k < total && (int) (pairs[k] >>> 32) == stem) {
                long pair = pairs[k];
                int count = 0;
                while (k < total && pairs[k] == pair) {
                    count++;
                    k++;
                }
                e.n += count;
                if (count > best) {
                    best = count;
                    e.w = words.get((int) pair);
                }
            }
            out.put(stems.get(stem), e);
        }
        return new Centroid(out);
    }

    /**
     * Strings numbered in the order first seen, looked up by a range of a longer string without copying it (open
     * addressing; a string's hash is {@link String#hashCode} of the range).
     */
    static final class Dictionary {
        private final ArrayList<String> byId = new ArrayList<>();
        /** id + 1, 0 when free. */
        private int[] slots = new int[1024];

        int id(String s, int from, int to) {
            int h = 0;
            for (int i = from; i < to; i++) {
                h = 31 * h + s.charAt(i);
            }
            int length = to - from;
            int mask = slots.length - 1;
            for (int at = spread(h) & mask; ; at = (at + 1) & mask) {
                int slot = slots[at];
                if (slot == 0) {
                    byId.add(s.substring(from, to));
                    slots[at] = byId.size();
                    if (byId.size() * 2 > slots.length) {
                        rehash();
                    }
                    return byId.size() - 1;
                }
                String key = byId.get(slot - 1);
                if (key.length() == length && key.regionMatches(0, s, from, length)) {
                    return slot - 1;
                }
            }
        }

        String get(int id) {
            return byId.get(id);
        }

        int size() {
            return byId.size();
        }

        private void rehash() {
            int[] next = new int[slots.length * 2];
            int mask = next.length - 1;
            for (int id = 0; id < byId.size(); id++) {
                int at = spread(byId.get(id).hashCode()) & mask;
                while (next[at] != 0) {
                    at = (at + 1) & mask;
                }
                next[at] = id + 1;
            }
            slots = next;
        }

        private static int spread(int h) {
            return (h * 0x9E3779B9) ^ (h >>> 16);
        }
    }
}
