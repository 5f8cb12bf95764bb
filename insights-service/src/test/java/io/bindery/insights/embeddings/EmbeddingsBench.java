package io.bindery.insights.embeddings;

import java.nio.file.Files;
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
 * Arguments: sections index queries (defaults 1000 20000 200). Asserts nothing.
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

        try (SectionIndex index = new SectionIndex()) {
            started = System.nanoTime();
            List<SectionEmbeddingStore.StoredSection> batch = new ArrayList<>();
            for (int i = 0; i < indexSize; i++) {
                float[] v = vectors.get(i % vectors.size());
                if (i >= vectors.size()) {
                    v = moved(v, random);
                }
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
                index.search("org", i % 2 == 0 ? null : List.of("space" + i % 50, "space" + (i + 1) % 50), v, 10);
                long t2 = System.nanoTime();
                embed[i] = t1 - t0;
                knn[i] = t2 - t1;
                both[i] = t2 - t0;
            }
            System.out.printf("search over %d sections, %d queries: query embedding p50 %.1f ms p95 %.1f ms; "
                            + "HNSW top-10 p50 %.2f ms p95 %.2f ms; together p50 %.1f ms p95 %.1f ms%n", index.size(),
                    queries, ms(embed, 50), ms(embed, 95), ms(knn, 50), ms(knn, 95), ms(both, 50), ms(both, 95));
            Runtime rt = Runtime.getRuntime();
            System.gc();
            System.out.printf("RSS %d MB (heap used %d MB of %d MB committed, max %d MB)%n", rssMb(),
                    (rt.totalMemory() - rt.freeMemory()) >> 20, rt.totalMemory() >> 20, rt.maxMemory() >> 20);
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

    private static long rssMb() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D+", "")) / 1024;
            }
        }
        return -1;
    }
}
