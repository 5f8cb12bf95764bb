package io.bindery.insights.embeddings;

import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
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
 * ({@link KnnFloatVectorField}, dot product of unit vectors = cosine) in files of a temporary folder, mapped
 * ({@link MMapDirectory}) rather than on the heap: 15,000 sections are 23 MB of vectors, which a heap of 96 MB (the
 * manifests') could not hold beside the model, and the operating system's page cache serves them as fast. With
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

    private final Path folder;
    private final MMapDirectory directory;
    private final IndexWriter writer;
    private final SearcherManager searchers;

    public SectionIndex() {
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

    private static Document document(SectionEmbeddingStore.StoredSection s) {
        Document d = new Document();
        d.add(new StringField(ORG, s.organization(), Field.Store.YES));
        d.add(new StringField(SPACE, s.space(), Field.Store.YES));
        d.add(new StoredField("page", s.page()));
        d.add(new StoredField("key", s.key()));
        d.add(new StoredField("title", s.title()));
        d.add(new StoredField("pageTitle", s.pageTitle()));
        d.add(new StoredField("path", s.pagePath()));
        d.add(new KnnFloatVectorField(VECTOR, s.vector(), VectorSimilarityFunction.DOT_PRODUCT));
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
        Query knn = new KnnFloatVectorQuery(VECTOR, query, limit, filter.build());
        try {
            IndexSearcher searcher = searchers.acquire();
            try {
                TopDocs top = searcher.search(knn, limit);
                List<Hit> hits = new ArrayList<>(top.scoreDocs.length);
                var stored = searcher.storedFields();
                for (ScoreDoc sd : top.scoreDocs) {
                    Document d = stored.document(sd.doc);
                    // Lucene scores a dot product as (1 + dot) / 2
                    double cosine = 2.0 * sd.score - 1.0;
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
