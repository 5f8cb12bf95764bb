import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import io.bindery.document.MarkdownSections;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The search set scored without a stack (bench/search-set/offline.sh): lexical as content ranks (PostgreSQL
 * websearch_to_tsquery and ts_rank over 'english' tsvectors, the heading weighted A and the body B, a page by its best
 * section), vectors as insights embeds (quantized all-MiniLM-L6-v2 of the page title, the heading and the body, a
 * page by its best section), and their reciprocal rank fusion as content fuses them (k, a minimum cosine, ties to
 * full text). Prints recall@5 and MRR@10 by kind and half, then a grid of k and minimum on the tuning half only.
 *
 *   java -cp CLASSPATH OfflineEval.java SET_DIR JDBC_URL USER PASSWORD [K MIN]
 */
public class OfflineEval {
    record Page(String id, String title, String markdown) {
    }

    record Query(String id, String kind, String text, String relevant, boolean heldOut) {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int k = args.length > 4 ? Integer.parseInt(args[4]) : 60;
        double min = args.length > 5 ? Double.parseDouble(args[5]) : 0.15;
        ObjectMapper json = new ObjectMapper();
        List<Page> pages = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("pages.jsonl"))) {
            JsonNode n = json.readTree(line);
            pages.add(new Page(n.get("id").asText(), n.get("title").asText(), n.get("markdown").asText()));
        }
        List<Query> queries = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("queries.jsonl"))) {
            JsonNode n = json.readTree(line);
            queries.add(new Query(n.get("id").asText(), n.get("kind").asText(), n.get("query").asText(),
                    n.get("relevant").get(0).asText(), n.get("heldOut").asBoolean()));
        }

        // sections, as content indexes them and insights embeds them
        List<String[]> sections = new ArrayList<>(); // page id, heading, body, embedded text
        for (Page p : pages) {
            List<MarkdownSections.Section> split = MarkdownSections.split(p.markdown());
            for (int i = 0; i < split.size(); i++) {
                MarkdownSections.Section s = split.get(i);
                String title = s.title() == null ? "" : s.title();
                String heading = (i == 0 ? p.title() + " " : "") + title;
                String embedded = (p.title() + "\n" + (title.isEmpty() || title.equals(p.title()) ? "" : title + "\n")
                        + s.body()).strip();
                sections.add(new String[]{p.id(), heading, s.body(), embedded});
            }
        }

        // lexical: the best pages per query in PostgreSQL
        Map<String, List<String>> lexical = new HashMap<>();
        try (Connection c = DriverManager.getConnection(args[1], args[2], args[3])) {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TEMP TABLE s (page_id text, tsv tsvector)");
            }
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO s VALUES (?, setweight(to_tsvector('english', ?), 'A')"
                    + " || setweight(to_tsvector('english', ?), 'B'))")) {
                for (String[] s : sections) {
                    ins.setString(1, s[0]);
                    ins.setString(2, s[1]);
                    ins.setString(3, s[2]);
                    ins.addBatch();
                }
                ins.executeBatch();
            }
            try (PreparedStatement q = c.prepareStatement("SELECT page_id FROM s, websearch_to_tsquery('english', ?) q"
                    + " WHERE tsv @@ q GROUP BY page_id ORDER BY max(ts_rank(tsv, q)) DESC, page_id LIMIT 50")) {
                for (Query query : queries) {
                    q.setString(1, query.text());
                    List<String> found = new ArrayList<>();
                    try (ResultSet rs = q.executeQuery()) {
                        while (rs.next()) {
                            found.add(rs.getString(1));
                        }
                    }
                    lexical.put(query.id(), found);
                }
            }
        }

        // vectors
        EmbeddingModel model = new AllMiniLmL6V2QuantizedEmbeddingModel();
        long t0 = System.nanoTime();
        List<float[]> sectionVectors = embed(model, sections.stream().map(s -> s[3]).toList());
        double perSecond = sections.size() / ((System.nanoTime() - t0) / 1e9);
        List<float[]> queryVectors = embed(model, queries.stream().map(Query::text).toList());
        // what a search waits for in insights before its index is searched: one query embedded alone
        List<Double> singleMs = new ArrayList<>();
        for (Query q : queries.subList(0, Math.min(300, queries.size()))) {
            long s0 = System.nanoTime();
            model.embed(q.text());
            singleMs.add((System.nanoTime() - s0) / 1e6);
        }
        singleMs.sort(null);
        Map<String, List<Map.Entry<String, Double>>> vector = new HashMap<>();
        for (int qi = 0; qi < queries.size(); qi++) {
            Map<String, Double> best = new HashMap<>();
            for (int si = 0; si < sections.size(); si++) {
                double dot = 0;
                float[] a = queryVectors.get(qi), b = sectionVectors.get(si);
                if (BYTES) {
                    for (int d = 0; d < a.length; d++) {
                        dot += inByte(a[d]) * inByte(b[d]);
                    }
                    dot /= BYTE_SCALE * BYTE_SCALE;
                } else {
                    for (int d = 0; d < a.length; d++) {
                        dot += a[d] * b[d];
                    }
                }
                best.merge(sections.get(si)[0], dot, Math::max);
            }
            List<Map.Entry<String, Double>> ranked = new ArrayList<>(best.entrySet());
            ranked.sort(Map.Entry.<String, Double>comparingByValue().reversed());
            vector.put(queries.get(qi).id(), ranked.subList(0, Math.min(50, ranked.size())));
        }
        System.out.printf("%d pages, %d sections (embedded %.0f/s), %d queries (one embedded alone: p50 %.1f ms, p90 %.1f ms);"
                        + " hybrid k=%d, min cosine %.2f%n", pages.size(), sections.size(), perSecond, queries.size(),
                singleMs.get(singleMs.size() / 2), singleMs.get(singleMs.size() * 9 / 10), k, min);

        System.out.printf("%-22s%5s%12s%12s%12s%12s%12s%12s%n", "queries", "n", "lex R@5", "lex MRR", "vec R@5",
                "vec MRR", "hyb R@5", "hyb MRR");
        for (String kind : List.of("keyword", "paraphrase")) {
            for (boolean held : List.of(false, true)) {
                List<Query> sel = queries.stream().filter(q -> q.kind().equals(kind) && q.heldOut() == held).toList();
                double[] lex = metrics(sel, q -> lexical.get(q.id()));
                double[] vec = metrics(sel, q -> vectorPages(vector.get(q.id()), floor(q, min)));
                double[] hyb = metrics(sel, q -> fuse(lexical.get(q.id()), vectorPages(vector.get(q.id()), floor(q, min)), k));
                System.out.printf("%-22s%5d%12.3f%12.3f%12.3f%12.3f%12.3f%12.3f%n", kind + (held ? " held-out" : " tuning"),
                        sel.size(), lex[0], lex[1], vec[0], vec[1], hyb[0], hyb[1]);
            }
        }
        // where vectors miss a paraphrase: the page's feature (its id up to the kind) among the first five at all?
        for (boolean held : List.of(false, true)) {
            List<Query> sel = queries.stream().filter(q -> q.kind().equals("paraphrase") && q.heldOut() == held).toList();
            long feature = sel.stream().filter(q -> vectorPages(vector.get(q.id()), floor(q, min)).stream().limit(5)
                    .anyMatch(p -> p.substring(0, 4).equals(q.relevant().substring(0, 4)))).count();
            System.out.printf("paraphrase %-9s vectors: a page of the right feature in the first five: %.3f%n",
                    held ? "held-out" : "tuning", (double) feature / sel.size());
        }
        System.out.println("tuning half only, hybrid R@5 keyword / paraphrase by k and min cosine:");
        for (int kk : List.of(10, 30, 60, 100)) {
            StringBuilder line = new StringBuilder(String.format("  k=%-4d", kk));
            for (double mm : List.of(0.0, 0.15, 0.25, 0.35)) {
                double[] r = new double[2];
                int i = 0;
                for (String kind : List.of("keyword", "paraphrase")) {
                    List<Query> sel = queries.stream().filter(q -> q.kind().equals(kind) && !q.heldOut()).toList();
                    r[i++] = metrics(sel, q -> fuse(lexical.get(q.id()), vectorPages(vector.get(q.id()), floor(q, mm)), kk))[0];
                }
                line.append(String.format("  min %.2f: %.3f / %.3f", mm, r[0], r[1]));
            }
            System.out.println(line);
        }
    }

    /**
     * VECTORS=byte scores the vectors as insights' index holds them (SectionIndex.bytes: each component times
     * 127/0.3, rounded, clipped to a signed byte; BYTE_RANGE other than 0.3 tries another scale), to see what the
     * one-byte components cost the ranking.
     */
    static final boolean BYTES = "byte".equals(System.getenv("VECTORS"));
    static final float BYTE_SCALE = 127f / Float.parseFloat(System.getenv().getOrDefault("BYTE_RANGE", "0.3"));

    static int inByte(float component) {
        return Math.max(-127, Math.min(127, Math.round(component * BYTE_SCALE)));
    }

    static List<float[]> embed(EmbeddingModel model, List<String> texts) {
        List<float[]> out = new ArrayList<>();
        for (int i = 0; i < texts.size(); i += 64) {
            model.embedAll(texts.subList(i, Math.min(texts.size(), i + 64)).stream().map(TextSegment::from).toList())
                    .content().forEach(e -> out.add(e.vector()));
        }
        return out;
    }

    /** As content: a query of one word needs a cosine of 0.45 at least (bindery.content.hybrid-search.min-similarity-one-word). */
    static double floor(Query q, double min) {
        return q.text().strip().split("\\s+").length == 1 ? Math.max(min, 0.45) : min;
    }

    static List<String> vectorPages(List<Map.Entry<String, Double>> ranked, double min) {
        return ranked.stream().filter(e -> e.getValue() >= min).map(Map.Entry::getKey).toList();
    }

    /** As content's RankFusion: 1/(k+rank) summed, ties to the full-text rank, then the vector rank. */
    static List<String> fuse(List<String> lexical, List<String> vector, int k) {
        Map<String, int[]> ranks = new LinkedHashMap<>();
        for (int i = 0; i < lexical.size(); i++) {
            ranks.computeIfAbsent(lexical.get(i), x -> new int[2])[0] = i + 1;
        }
        for (int i = 0; i < vector.size(); i++) {
            ranks.computeIfAbsent(vector.get(i), x -> new int[2])[1] = i + 1;
        }
        List<Map.Entry<String, int[]>> all = new ArrayList<>(ranks.entrySet());
        all.sort(Comparator.comparingDouble((Map.Entry<String, int[]> e) -> -score(e.getValue(), k))
                .thenComparingInt(e -> e.getValue()[0] == 0 ? Integer.MAX_VALUE : e.getValue()[0])
                .thenComparingInt(e -> e.getValue()[1] == 0 ? Integer.MAX_VALUE : e.getValue()[1]));
        return all.stream().map(Map.Entry::getKey).toList();
    }

    static double score(int[] r, int k) {
        return (r[0] == 0 ? 0 : 1.0 / (k + r[0])) + (r[1] == 0 ? 0 : 1.0 / (k + r[1]));
    }

    /** recall@5 and MRR@10 of the queries. */
    static double[] metrics(List<Query> queries, java.util.function.Function<Query, List<String>> results) {
        double recall = 0, mrr = 0;
        for (Query q : queries) {
            List<String> found = results.apply(q);
            int rank = found.indexOf(q.relevant()) + 1;
            if (rank > 0 && rank <= 5) {
                recall++;
            }
            if (rank > 0 && rank <= 10) {
                mrr += 1.0 / rank;
            }
        }
        return new double[]{recall / queries.size(), mrr / queries.size()};
    }
}
