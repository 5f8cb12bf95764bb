package io.bindery.insights.clusters;

import java.util.List;

/** Groups unit-length TF-IDF vectors; the embedded engine is {@link AgglomerativeClustering}. */
public interface ClusteringEngine {
    /** A cluster number (0, 1, ...) per vector, or -1 for a vector that belongs to no cluster. */
    int[] cluster(List<SparseVector> vectors);
}
