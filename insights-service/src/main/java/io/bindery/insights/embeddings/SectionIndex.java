package io.bindery.insights.embeddings;

import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnByteVectorField;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnByteVectorQuery;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.MMapDirectory;
import org.apache.lucene.util.BytesRef;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;

/**
 * The semantic index of one replica: every stored section's vector in a Lucene HNSW graph
 * ({@link KnnByteVectorField}, one byte a dimension, see {@link Precision}; the dot product of unit vectors is the
 * cosine) in files of a temporary folder, mapped ({@link MMapDirectory}) rather than on the heap: 54,000 sections
 * are 21 MB of vectors, which a heap of 96 MB (the manifests') could not hold beside the model, and the operating
 * system's page cache serves them as fast. PostgreSQL keeps the float vectors; the index is rebuilt from them. With
 * the organization and space as exact-match fields that filter a search. Plain class (built and fed by
 * {@link SemanticIndex}), so a benchmark can use it without Quarkus.
 */
public final class SectionIndex implements AutoCloseable {
    static final String VECTOR = "vector";
    static final String ORG = "org";
    static final String SPACE = "space";

    /** A section found, with its cosine similarity to the query. */
    public record Hit(String space, String page, String key, String title, String pageTitle, String path, double score) {
    }

    /**
     * How the index holds a vector. {@code BYTE} (the service's): one signed byte a dimension, a quarter of the
     * mapped pages of {@code FLOAT}'s four (issue 29: a 54,000-section index is 21 MB of vectors, not 83, and the
     * process's RSS ~50 MB lower), and the graph searched faster, for a ranking that the search set of issue 33 scores
     * the same (bench/search-set/offline.sh with VECTORS=byte: paraphrase R@5 0.614 tuning / 0.533 held-out against
     * 0.614 / 0.528 with floats). {@code FLOAT} stays for bench/embeddings.sh to measure both side by side.
     */
    public enum Precision { FLOAT, BYTE }

    /**
     * BYTE: each component times this scale, rounded, in one signed byte. A unit vector of 384 dimensions has
     * components of ±0.05 on average and rarely beyond ±0.26 (bench/embeddings.sh prints the largest); one beyond
     * ±0.3 is clipped. The range was chosen on the search set's tuning half (0.4: paraphrase R@5 0.604, 0.3: 0.614,
     * 0.25: 0.619, floats 0.614) with room left for clipping. One scale for every vector, so the byte dot product
     * orders sections as the cosine does, and a hit's cosine is that dot product over SCALE² (within ~0.004).
     */
    static final float BYTE_SCALE = 127f / 0.3f;

    private final Precision precision;
    private final Path folder;
    private final MMapDirectory directory;
    private final IndexWriter writer;
    private final SearcherManager searchers;

    public SectionIndex() {
        this(Precision.BYTE);
    }

    public SectionIndex(Precision precision) {
        this.precision = precision;
        try {
            // rebuilt from PostgreSQL at every start: a folder of this process only, removed at close
            folder = Files.createTempDirectory("bindery-sections-");
            directory = new MMapDirectory(folder);
            IndexWriterConfig config = new IndexWriterConfig();
            config.setRAMBufferSizeMB(16);
            writer = new IndexWriter(directory, config);
            searchers = new SearcherManager(writer, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Adds sections (the start-up's bulk load); visible after {@link #refresh}. A vector of another length than the
     * model's (a damaged row) is left out rather than failing the whole index; the number left out is returned.
     */
    public synchronized int add(List<SectionEmbeddingStore.StoredSection> sections) {
        int skipped = 0;
        try {
            for (SectionEmbeddingStore.StoredSection s : sections) {
                if (s.vector().length != Embedder.DIMENSIONS) {
                    skipped++;
                    continue;
                }
                writer.addDocument(document(s));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return skipped;
    }

    /**
     * The space's sections become those {@code batches} gives, batch after batch (each call gets the last section of
     * the batch before, null at first; an empty batch ends), visible at once, all together: no search sees the
     * space half loaded.
     */
    public synchronized void replaceSpace(String space,
                                          Function<SectionEmbeddingStore.StoredSection, List<SectionEmbeddingStore.StoredSection>> batches) {
        try {
            writer.deleteDocuments(new Term(SPACE, space));
            SectionEmbeddingStore.StoredSection last = null;
            for (List<SectionEmbeddingStore.StoredSection> batch = batches.apply(null); !batch.isEmpty();
                 batch = batches.apply(last)) {
                for (SectionEmbeddingStore.StoredSection s : batch) {
                    if (s.vector().length == Embedder.DIMENSIONS) {
                        writer.addDocument(document(s));
                    }
                }
                last = batch.getLast();
            }
            searchers.maybeRefreshBlocking();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void refresh() {
        try {
            searchers.maybeRefreshBlocking();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Document document(SectionEmbeddingStore.StoredSection s) {
        Document d = new Document();
        d.add(new StringField(ORG, s.organization(), Field.Store.YES));
        d.add(new StringField(SPACE, s.space(), Field.Store.YES));
        d.add(new StoredField("page", s.page()));
        d.add(new StoredField("key", s.key()));
        d.add(new StoredField("title", s.title()));
        d.add(new StoredField("pageTitle", s.pageTitle()));
        d.add(new StoredField("path", s.pagePath()));
        d.add(precision == Precision.BYTE
                ? new KnnByteVectorField(VECTOR, bytes(s.vector()), VectorSimilarityFunction.DOT_PRODUCT)
                : new KnnFloatVectorField(VECTOR, s.vector(), VectorSimilarityFunction.DOT_PRODUCT));
        return d;
    }

    /**
     * The {@code limit} sections of the organization (of {@code spaces} only, when given) nearest to the unit vector
     * {@code query}, best first.
     */
    public List<Hit> search(String organization, Collection<String> spaces, float[] query, int limit) {
        BooleanQuery.Builder filter = new BooleanQuery.Builder()
                .add(new TermQuery(new Term(ORG, organization)), BooleanClause.Occur.FILTER);
        if (spaces != null) {
            List<BytesRef> terms = spaces.stream().map(BytesRef::new).toList();
            filter.add(new TermInSetQuery(SPACE, terms), BooleanClause.Occur.FILTER);
        }
        // twice the candidates from the graph: byte scores of near copies tie more often (bench/embeddings.sh:
        // hits within 0.005 of the exact 10th's cosine, 0.927 with limit candidates, 0.952 with twice)
        Query knn = precision == Precision.BYTE ? new KnnByteVectorQuery(VECTOR, bytes(query), 2 * limit, filter.build())
                : new KnnFloatVectorQuery(VECTOR, query, limit, filter.build());
        try {
            IndexSearcher searcher = searchers.acquire();
            try {
                TopDocs top = searcher.search(knn, limit);
                List<Hit> hits = new ArrayList<>(top.scoreDocs.length);
                var stored = searcher.storedFields();
                for (ScoreDoc sd : top.scoreDocs) {
                    Document d = stored.document(sd.doc);
                    // Lucene scores a dot product of unit vectors as (1 + dot) / 2, of bytes as 1/2 + dot / (dims 2^15)
                    double cosine = precision == Precision.BYTE
                            ? (sd.score - 0.5) * Embedder.DIMENSIONS * 32768.0 / (BYTE_SCALE * BYTE_SCALE)
                            : 2.0 * sd.score - 1.0;
                    hits.add(new Hit(d.get(SPACE), d.get("page"), d.get("key"), d.get("title"), d.get("pageTitle"),
                            d.get("path"), Math.round(cosine * 10000) / 10000.0));
                }
                return hits;
            } finally {
                searchers.release(searcher);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] bytes(float[] vector) {
        byte[] out = new byte[vector.length];
        for (int i = 0; i < vector.length; i++) {
            out[i] = (byte) Math.max(-127, Math.min(127, Math.round(vector[i] * BYTE_SCALE)));
        }
        return out;
    }

    /** Sections in the index (live documents). */
    public int size() {
        try {
            IndexSearcher searcher = searchers.acquire();
            try {
                return searcher.getIndexReader().numDocs();
            } finally {
                searchers.release(searcher);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            searchers.close();
            writer.close();
            directory.close();
            try (var files = Files.walk(folder)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
