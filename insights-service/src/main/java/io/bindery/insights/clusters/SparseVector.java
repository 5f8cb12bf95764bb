package io.bindery.insights.clusters;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/** A unit-length TF-IDF vector over term indexes, sorted by index; cosine similarity is the dot product. */
public record SparseVector(int[] index, float[] value) {
    public static final SparseVector EMPTY = new SparseVector(new int[0], new float[0]);

    /** From term index to weight; normalized to length 1 (an all-zero vector stays empty). */
    public static SparseVector of(Map<Integer, Double> weights) {
        TreeMap<Integer, Double> sorted = new TreeMap<>(weights);
        double norm = 0;
        for (double w : sorted.values()) {
            norm += w * w;
        }
        if (norm == 0) {
            return EMPTY;
        }
        norm = Math.sqrt(norm);
        int[] index = new int[sorted.size()];
        float[] value = new float[sorted.size()];
        int i = 0;
        for (Map.Entry<Integer, Double> e : sorted.entrySet()) {
            index[i] = e.getKey();
            value[i++] = (float) (e.getValue() / norm);
        }
        return new SparseVector(index, value);
    }

    public double dot(SparseVector other) {
        int i = 0;
        int j = 0;
        double sum = 0;
        int[] a = index;
        int[] b = other.index;
        while (i < a.length && j < b.length) {
            if (a[i] == b[j]) {
                sum += value[i++] * other.value[j++];
            } else if (a[i] < b[j]) {
                i++;
            } else {
                j++;
            }
        }
        return sum;
    }

    public boolean isEmpty() {
        return index.length == 0;
    }

    /**
     * The normalized sum of vectors: a group's centroid direction. The entries are summed after a sort by index (no
     * map of boxed sums: a recompute takes the centroid of every cluster of up to 20,000 issues).
     */
    public static SparseVector centroid(Iterable<SparseVector> vectors) {
        int total = 0;
        for (SparseVector v : vectors) {
            total += v.index.length;
        }
        // index in the high half, the float's bits in the low half: sorting orders by index
        long[] entries = new long[total];
        int at = 0;
        for (SparseVector v : vectors) {
            for (int k = 0; k < v.index.length; k++) {
                entries[at++] = (long) v.index[k] << 32 | (Float.floatToRawIntBits(v.value[k]) & 0xffffffffL);
            }
        }
        Arrays.sort(entries);
        int distinct = 0;
        for (int k = 0; k < total; k++) {
            if (k == 0 || (entries[k] >>> 32) != (entries[k - 1] >>> 32)) {
                distinct++;
            }
        }
        int[] index = new int[distinct];
        double[] sum = new double[distinct];
        int d = -1;
        for (int k = 0; k < total; k++) {
            int i = (int) (entries[k] >>> 32);
            if (d < 0 || index[d] != i) {
                index[++d] = i;
            }
            sum[d] += Float.intBitsToFloat((int) entries[k]);
        }
        double norm = 0;
        for (double x : sum) {
            norm += x * x;
        }
        if (norm == 0) {
            return EMPTY;
        }
        norm = Math.sqrt(norm);
        float[] value = new float[distinct];
        for (int k = 0; k < distinct; k++) {
            value[k] = (float) (sum[k] / norm);
        }
        return new SparseVector(index, value);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SparseVector v && Arrays.equals(index, v.index) && Arrays.equals(value, v.value);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(index) * 31 + Arrays.hashCode(value);
    }
}
