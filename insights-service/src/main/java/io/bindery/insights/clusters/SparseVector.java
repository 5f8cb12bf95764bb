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

    /** The normalized sum of vectors: a group's centroid direction. */
    public static SparseVector centroid(Iterable<SparseVector> vectors) {
        Map<Integer, Double> sum = new TreeMap<>();
        for (SparseVector v : vectors) {
            for (int k = 0; k < v.index.length; k++) {
                sum.merge(v.index[k], (double) v.value[k], Double::sum);
            }
        }
        return of(sum);
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
