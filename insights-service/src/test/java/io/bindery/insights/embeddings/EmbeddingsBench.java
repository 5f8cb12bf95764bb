package io.bindery.insights.embeddings;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * bench/embeddings.sh runs this (plain Java, no Quarkus, no database): the figures of issue 33 that depend on the
 * model and the index alone, measured on this machine.
 * <ol>
 *   <li>sections embedded per second: {@code sections} generated documentation sections (60-120 words, as a docs
 *       page's section), embedded the way {@link EmbeddingWorker} does (batches of 64), after a warm-up;</li>
 *   <li>search: an index of {@code index} sections (the embedded ones, plus copies of them slightly moved so the
 *       graph has that many nodes) in one organization; {@code queries} new queries, each embedded then searched
 *       (top 10); p50 and p95 of the embedding, the HNSW search, and both;</li>
 *   <li>the process's RSS with the model loaded and the index built.</li>
 * </ol>
 * <p>Then, after the RSS is read: the index's recall@10 against an exact search of the same vectors (kept in a file
 * meanwhile, so they are not in the RSS) and the largest difference between a hit's score and its exact cosine.
 * Arguments: sections index queries precision (defaults 1000 20000 200 FLOAT; QUANTIZED for 7-bit). Asserts nothing.
 */
public final class EmbeddingsBench {
    private static final String[] SUBJECTS = {"single sign-on", "the PDF export", "custom domains", "API tokens",
            "webhooks", "the change request", "a space", "a collection", "Git Sync", "the search index", "invoices",
            "member roles", "teams", "the reader", "translations", "page templates", "the OpenAPI block", "backups",
            "the audit log", "site sections"};
    private static final String[] VERBS = {"configure", "enable", "disable", "rename", "delete", "restore", "export",
            "import", "share", "review", "merge", "publish", "archive", "move", "verify", "rotate", "invite",
            "schedule", "monitor", "limit"};
    private static final String[] DETAILS = {"from the organization settings", "with an administrator's role",
            "through the API", "in the space's menu", "after the change request is merged", "for every member",
            "with a CNAME record", "using a personal access token", "for one page only", "within thirty days",
            "when the site is published", "before the end of the billing period", "with the identity provider",
            "for the whole collection", "on the next synchronisation", "from the command line"};
    private static final String[] NOTES = {"This takes a few seconds for large spaces.",
            "Only administrators see this option.", "The previous value stops working at once.",
            "A confirmation email is sent to the owner.", "Nothing is lost: the history keeps every revision.",
            "Readers see the change after the next publish.", "The limit is one thousand items per request.",
            "Errors are shown next to the field that caused them.", "The operation can be undone from the trash.",
            "Members are notified in their inbox."};

    private EmbeddingsBench() {
    }

    static String section(Random r) {
        StringBuilder b = new StringBuilder();
        String subject = SUBJECTS[r.nextInt(SUBJECTS.length)];
        b.append("How to ").append(VERBS[r.nextInt(VERBS.length)]).append(' ').append(subject).append('\n');
        int sentences = 4 + r.nextInt(4);
        for (int i = 0; i < sentences; i++) {
            b.append("You can ").append(VERBS[r.nextInt(VERBS.length)]).append(' ').append(subject).append(' ')
                    .append(DETAILS[r.nextInt(DETAILS.length)]).append(". ").append(NOTES[r.nextInt(NOTES.length)])
                    .append(' ');
        }
        return b.toString().strip();
    }

    public static void main(String[] args) throws Exception {
        int sections = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int indexSize = args.length > 1 ? Integer.parseInt(args[1]) : 20000;
        int queries = args.length > 2 ? Integer.parseInt(args[2]) : 200;
        SectionIndex.Precision precision = SectionIndex.Precision.valueOf(args.length > 3 ? args[3] : "FLOAT");
        Random random = new Random(33);
        Embedder embedder = new Embedder();

        long started = System.nanoTime();
        embedder.embed("warm up the model");
        System.out.printf("model load + first text: %d ms%n", (System.nanoTime() - started) / 1_000_000);
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < sections; i++) {
            texts.add(section(random));
        }
        int words = texts.stream().mapToInt(t -> t.split("\\s+").length).sum();
        embedder.embedAll(texts.subList(0, Math.min(64, texts.size())));
        started = System.nanoTime();
        List<float[]> vectors = new ArrayList<>(sections);
        for (int from = 0; from < texts.size(); from += 64) {
            vectors.addAll(embedder.embedAll(texts.subList(from, Math.min(texts.size(), from + 64))));
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf("embedded %d sections (%d words each on average) in %.1f s: %.0f sections/s on %d cores%n",
                sections, words / sections, seconds, sections / seconds, Runtime.getRuntime().availableProcessors());

        Path vectorFile = Files.createTempFile("bench-vectors-", ".f32");
        List<float[]> queryVectors = new ArrayList<>();
        List<List<SectionIndex.Hit>> answers = new ArrayList<>();
        try (SectionIndex index = new SectionIndex(precision);
             FileChannel kept = FileChannel.open(vectorFile, StandardOpenOption.WRITE)) {
            System.out.println("index precision " + precision);
            started = System.nanoTime();
            List<SectionEmbeddingStore.StoredSection> batch = new ArrayList<>();
            for (int i = 0; i < indexSize; i++) {
                float[] v = vectors.get(i % vectors.size());
                if (i >= vectors.size()) {
                    v = moved(v, random);
                }
                ByteBuffer bytes = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
                bytes.asFloatBuffer().put(v);
                kept.write(bytes);
                batch.add(new SectionEmbeddingStore.StoredSection("org", "space" + (i % 50), "page" + i / 3,
                        "s" + i % 3, i % 3, "Page " + i / 3, "page-" + i / 3, "Section " + i, "h" + i, v));
                if (batch.size() == 5000) {
                    index.add(batch);
                    batch.clear();
                }
            }
            index.add(batch);
            index.refresh();
            System.out.printf("index of %d sections built in %.1f s%n", index.size(), (System.nanoTime() - started) / 1e9);

            long[] embed = new long[queries];
            long[] knn = new long[queries];
            long[] both = new long[queries];
            for (int i = 0; i < 20; i++) {
                index.search("org", null, embedder.embed(section(random)), 10);
            }
            for (int i = 0; i < queries; i++) {
                String q = SUBJECTS[random.nextInt(SUBJECTS.length)] + " " + VERBS[random.nextInt(VERBS.length)] + " "
                        + DETAILS[random.nextInt(DETAILS.length)] + " " + i;
                long t0 = System.nanoTime();
                float[] v = embedder.embed(q);
                long t1 = System.nanoTime();
                List<SectionIndex.Hit> hits = index.search("org",
                        i % 2 == 0 ? null : List.of("space" + i % 50, "space" + (i + 1) % 50), v, 10);
                long t2 = System.nanoTime();
                queryVectors.add(v);
                answers.add(hits);
                embed[i] = t1 - t0;
                knn[i] = t2 - t1;
                both[i] = t2 - t0;
            }
            System.out.printf("search over %d sections, %d queries: query embedding p50 %.1f ms p95 %.1f ms; "
                            + "HNSW top-10 p50 %.2f ms p95 %.2f ms; together p50 %.1f ms p95 %.1f ms%n", index.size(),
                    queries, ms(embed, 50), ms(embed, 95), ms(knn, 50), ms(knn, 95), ms(both, 50), ms(both, 95));
            Runtime rt = Runtime.getRuntime();
            System.gc();
            System.out.printf("RSS %d MB: %d MB anonymous, %d MB of mapped files (the index's pages among them) "
                            + "(heap used %d MB of %d MB committed, max %d MB)%n", status("VmRSS:"), status("RssAnon:"),
                    status("RssFile:"), (rt.totalMemory() - rt.freeMemory()) >> 20, rt.totalMemory() >> 20,
                    rt.maxMemory() >> 20);
        }
        recall(vectorFile, indexSize, queryVectors, answers);
        Files.delete(vectorFile);
    }

    /** The answers' recall@10 against a brute-force search of the kept vectors, and the largest score error. */
    private static void recall(Path vectorFile, int indexSize, List<float[]> queries, List<List<SectionIndex.Hit>> answers)
            throws Exception {
        try (FileChannel in = FileChannel.open(vectorFile)) {
            FloatBuffer all = in.map(FileChannel.MapMode.READ_ONLY, 0, in.size()).order(ByteOrder.LITTLE_ENDIAN)
                    .asFloatBuffer();
            int dims = Embedder.DIMENSIONS;
            int found = 0;
            int expected = 0;
            double scoreError = 0;
            int close = 0;
            float largest = 0;
            for (int i = 0; i < all.limit(); i++) {
                largest = Math.max(largest, Math.abs(all.get(i)));
            }
            System.out.printf("largest vector component %.3f%n", largest);
            for (int q = 0; q < queries.size(); q++) {
                float[] v = queries.get(q);
                double[] scores = new double[indexSize];
                for (int d = 0; d < indexSize; d++) {
                    double sum = 0;
                    for (int k = 0; k < dims; k++) {
                        sum += all.get(d * dims + k) * v[k];
                    }
                    scores[d] = sum;
                }
                // the same filter as the search: every space, or the two of an odd query
                int query = q;
                Integer[] order = java.util.stream.IntStream.range(0, indexSize)
                        .filter(d -> query % 2 == 0 || d % 50 == query % 50 || d % 50 == (query + 1) % 50)
                        .boxed().toArray(Integer[]::new);
                Arrays.sort(order, (x, y) -> Double.compare(scores[y], scores[x]));
                java.util.Set<String> exact = new java.util.HashSet<>();
                for (int i = 0; i < Math.min(10, order.length); i++) {
                    exact.add("Section " + order[i]);
                }
                expected += exact.size();
                double tenth = scores[order[Math.min(10, order.length) - 1]];
                for (SectionIndex.Hit h : answers.get(q)) {
                    found += exact.contains(h.title()) ? 1 : 0;
                    close += scores[Integer.parseInt(h.title().substring("Section ".length()))] >= tenth - 0.005 ? 1 : 0;
                    int doc = Integer.parseInt(h.title().substring("Section ".length()));
                    scoreError = Math.max(scoreError, Math.abs(h.score() - scores[doc]));
                }
            }
            // the copies of one section differ by ~0.001 in cosine: which of them is 10th is noise to a reader
            System.out.printf("recall@10 against an exact search: %.3f (%d of %d), %.3f counting a hit within 0.005 "
                            + "of the exact 10th's cosine; largest score error %.4f%n", found / (double) expected, found,
                    expected, close / (double) expected, scoreError);
        }
    }

    private static float[] moved(float[] v, Random r) {
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i] + (float) (r.nextGaussian() * 0.02);
        }
        return Embedder.unit(out);
    }

    private static double ms(long[] nanos, int percentile) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, sorted.length * percentile / 100)] / 1e6;
    }

    /** A line of /proc/self/status in MB ({@code RssFile} counts the mapped index files' resident pages). */
    private static long status(String field) throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith(field)) {
                return Long.parseLong(line.replaceAll("\\D+", "")) / 1024;
            }
        }
        return -1;
    }
}
