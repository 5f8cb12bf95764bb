package io.bindery.insights.clusters;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * A unit-length vector over term indexes, sorted by index; cosine similarity is the dot product. TF-IDF vectors are
 * sparse; an issue's embedding is {@link #dense}: every index, and the index array shared by all such vectors, so
 * 10,000 of them cost their floats only and their dot product is a plain loop.
 */
public record SparseVector(int[] index, float[] value) {
    public static final SparseVector EMPTY = new SparseVector(new int[0], new float[0]);
    private static final java.util.concurrent.ConcurrentHashMap<Integer, int[]> DENSE = new java.util.concurrent.ConcurrentHashMap<>();

    /** A unit-length dense vector (an embedding), not copied. */
    public static SparseVector dense(float[] unit) {
        return new SparseVector(DENSE.computeIfAbsent(unit.length, n -> java.util.stream.IntStream.range(0, n).toArray()),
                unit);
    }

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
        if (index == other.index) {
            double sum = 0;
            for (int k = 0; k < value.length; k++) {
                sum += value[k] * other.value[k];
            }
            return sum;
        }
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
        SparseVector dense = denseCentroid(vectors);
        if (dense != null) {
            return dense;
        }
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

    /** The centroid of dense vectors of one length, summed in place; null when any is not such a vector. */
    private static SparseVector denseCentroid(Iterable<SparseVector> vectors) {
        int[] shared = null;
        double[] sum = null;
        for (SparseVector v : vectors) {
            if (shared == null) {
                shared = v.index;
                if (DENSE.get(shared.length) != shared) {
                    return null;
                }
                sum = new double[shared.length];
            } else if (v.index != shared) {
                return null;
            }
            for (int k = 0; k < sum.length; k++) {
                sum[k] += v.value[k];
            }
        }
        if (shared == null) {
            return null;
        }
        double norm = 0;
        for (double x : sum) {
            norm += x * x;
        }
        if (norm == 0) {
            return EMPTY;
        }
        norm = Math.sqrt(norm);
        float[] value = new float[sum.length];
        for (int k = 0; k < sum.length; k++) {
            value[k] = (float) (sum[k] / norm);
        }
        return new SparseVector(shared, value);
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
