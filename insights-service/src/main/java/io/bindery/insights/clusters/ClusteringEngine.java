package io.bindery.insights.clusters;

import java.util.List;

/** Groups unit-length vectors (issues' embeddings, with their TF-IDF words); the engine is {@link AgglomerativeClustering}. */
public interface ClusteringEngine {
    /** A cluster number (0, 1, ...) per vector, or -1 for a vector that belongs to no cluster. */
    default int[] cluster(List<SparseVector> vectors) {
        return cluster(vectors, null, 0);
    }

    /**
     * As {@link #cluster(List)}, by two vectors per item: its meaning and its words (null: none), similar by
     * {@code (1 - wordWeight)} times the meanings' cosine plus {@code wordWeight} times the words'.
     */
    int[] cluster(List<SparseVector> meaning, List<SparseVector> words, double wordWeight);
}
