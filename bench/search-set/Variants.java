import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.*;
import ai.onnxruntime.*;
import java.nio.file.*;
import java.sql.*;
import java.util.*;
import java.util.function.*;

/**
 * Issue 33's search set scored under variants of the vector side and of the fusion, one idea at a time
 * (bench/search-set/variants.sh): what a page's vectors embed (title and body, body alone, title alone, sentences,
 * sentence pairs), how a page is scored from its vectors (best, whole page plus best sentence), query-side
 * normalization (lower case, stop words dropped), centring the vectors, pseudo-relevance feedback, neighbour
 * smoothing, and the model (quantized MiniLM as insights runs it; the fp32 MiniLM and e5-small-v2-q when their jars
 * are on the class path, and bge-small-en-v1.5, quantized or fp32, and bge-small-en v1 likewise). Lexical is content's ranking in
 * PostgreSQL (as OfflineEval); hybrid is content's fusion (RRF, k=60, ties to full text, vector hits below a minimum
 * cosine left out: 0.15, and 0.45 for a query of one word). Prints the tuning half only, both halves with
 * -Dheld=true (for the report, after a choice is made on the tuning half).
 *
 *   java -cp CLASSPATH Variants.java SET_DIR JDBC_URL MODEL VARIANT[,VARIANT...]
 *   MODEL: minilmq | minilm | e5q | bgeq | bge | bgev1q (BGE v1, quantized), or several with commas (one after the other in one JVM, so their
 *   embedding rates are taken under the same load); BGE is CLS-pooled and its queries get BGE's instruction prefix
 *   (:noinst leaves it out); VARIANT: base | body | title | titlebody | sent | sentonly | pair, then options
 *   :sum (whole + best sentence) :lower :nostop :center :prfM:aA (Rocchio with the M best pages, weight A)
 *   :nbK:bB (plus B x mean similarity of the page's K nearest pages); fusion: :kK (RRF k), :wW (weight of the vector
 *   list), :cC (vector candidates that enter the fusion), :floorF and :oneF (the minimum cosines of a vector hit);
 *   or "rate": the model's sections per second (see rate())
 */
public class Variants {
    record Page(String id, String title, String markdown, String body) {}
    record Query(String id, String kind, String text, String relevant, boolean heldOut) {}
    static boolean HELD = Boolean.getBoolean("held");
    static List<Page> pages = new ArrayList<>();
    static List<Query> queries = new ArrayList<>();
    static Map<String, List<String>> lexical = new HashMap<>();
    static EmbeddingModel model;
    static String qp = "", pp = "";
    static Map<String, float[]> cache = new HashMap<>();

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        ObjectMapper json = new ObjectMapper();
        for (String line : Files.readAllLines(dir.resolve("pages.jsonl"))) {
            JsonNode n = json.readTree(line);
            String md = n.get("markdown").asText();
            String body = md.substring(md.indexOf('\n')).strip();
            pages.add(new Page(n.get("id").asText(), n.get("title").asText(), md, body));
        }
        for (String line : Files.readAllLines(dir.resolve("queries.jsonl"))) {
            JsonNode n = json.readTree(line);
            queries.add(new Query(n.get("id").asText(), n.get("kind").asText(), n.get("query").asText(),
                    n.get("relevant").get(0).asText(), n.get("heldOut").asBoolean()));
        }
        try (Connection c = DriverManager.getConnection(args[1], System.getenv().getOrDefault("PGUSER", "bindery"), System.getenv().getOrDefault("PGPASSWORD", "bindery"))) {
            c.createStatement().execute("CREATE TEMP TABLE s (page_id text, tsv tsvector)");
            PreparedStatement ins = c.prepareStatement("INSERT INTO s VALUES (?, setweight(to_tsvector('english', ?), 'A') || setweight(to_tsvector('english', ?), 'B'))");
            for (Page p : pages) { ins.setString(1, p.id()); ins.setString(2, p.title()); ins.setString(3, p.body()); ins.addBatch(); }
            ins.executeBatch();
            PreparedStatement q = c.prepareStatement("SELECT page_id FROM s, websearch_to_tsquery('english', ?) q WHERE tsv @@ q GROUP BY page_id ORDER BY max(ts_rank(tsv, q)) DESC, page_id LIMIT 50");
            for (Query query : queries) {
                q.setString(1, query.text());
                List<String> found = new ArrayList<>();
                try (ResultSet rs = q.executeQuery()) { while (rs.next()) found.add(rs.getString(1)); }
                lexical.put(query.id(), found);
            }
        }
        // several models in one run (e.g. minilmq,bgeq): their rates are measured under the same load
        for (String m : args[2].split(",")) {
            model = load(m);
            cache.clear();
            qp = m.startsWith("e5") ? "query: " : m.startsWith("bge") ? BGE_QUERY : "";
            pp = m.startsWith("e5") ? "passage: " : "";
            System.out.println("# model " + m);
            for (String v : args[3].split(",")) {
                if (v.equals("rate")) rate(); else run(v);
            }
        }
        System.exit(0);
    }

    /** BGE v1.5's instruction for short queries to passages (its model card); passages are embedded as they are. */
    static final String BGE_QUERY = "Represent this sentence for searching relevant passages: ";

    static EmbeddingModel load(String name) throws Exception {
        String res = switch (name) { case "minilmq" -> "all-minilm-l6-v2-q"; case "minilm" -> "all-minilm-l6-v2"; case "e5q" -> "e5-small-v2-q";
            case "bgeq" -> "bge-small-en-v1.5-q"; case "bge" -> "bge-small-en-v1.5"; case "bgev1q" -> "bge-small-en-q"; default -> throw new IllegalArgumentException(name); };
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        OrtSession.SessionOptions o = new OrtSession.SessionOptions();
        o.setIntraOpNumThreads(1); o.setInterOpNumThreads(1);
        byte[] onnx = Variants.class.getResourceAsStream("/" + res + ".onnx").readAllBytes();
        OrtSession session = env.createSession(onnx, o);
        OnnxBertBiEncoder enc = new OnnxBertBiEncoder(env, session, Variants.class.getResourceAsStream("/" + res + "-tokenizer.json"), name.startsWith("bge") ? PoolingMode.CLS : PoolingMode.MEAN);
        var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        return new AbstractInProcessEmbeddingModel(pool) { protected OnnxBertBiEncoder model() { return enc; } protected Integer knownDimension() { return 384; } };
    }

    static float[] unit(float[] v) { double n = 0; for (float f : v) n += f * f; float s = (float) (1 / Math.sqrt(n)); float[] o = new float[v.length]; for (int i = 0; i < v.length; i++) o[i] = v[i] * s; return o; }

    static void embed(Collection<String> texts) {
        List<String> todo = texts.stream().filter(t -> !cache.containsKey(t)).distinct().toList();
        long t0 = System.nanoTime();
        for (int i = 0; i < todo.size(); i += 64) {
            List<String> b = todo.subList(i, Math.min(todo.size(), i + 64));
            var out = model.embedAll(b.stream().map(TextSegment::from).toList()).content();
            for (int j = 0; j < b.size(); j++) cache.put(b.get(j), unit(out.get(j).vector()));
        }
        if (todo.size() > 100) System.out.printf("  embedded %d texts at %.0f/s%n", todo.size(), todo.size() / ((System.nanoTime() - t0) / 1e9));
    }

    /**
     * Variant "rate": sections per second of the model as insights embeds them (batches of 64, two texts at once on
     * one ONNX Runtime thread each), on texts of a docs section's length: three pages of the set joined (73 words on average),
     * after a warm-up batch; nothing cached. List a model twice (minilmq,bgeq,minilmq,bgeq) to see the load move.
     */
    static void rate() {
        List<String> texts = new ArrayList<>();
        for (int i = 0; i + 2 < pages.size(); i++) texts.add(pages.get(i).title() + "\n" + pages.get(i).body() + " " + pages.get(i + 1).body() + " " + pages.get(i + 2).body());
        model.embedAll(texts.subList(0, 64).stream().map(TextSegment::from).toList());
        long t0 = System.nanoTime();
        for (int i = 0; i < texts.size(); i += 64) model.embedAll(texts.subList(i, Math.min(texts.size(), i + 64)).stream().map(TextSegment::from).toList());
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf("== rate: %d sections of %d words on average in %.1f s: %.0f sections/s%n", texts.size(),
                texts.stream().mapToInt(t -> t.split("\\s+").length).sum() / texts.size(), s, texts.size() / s);
    }

    static double dot(float[] a, float[] b) { double d = 0; for (int i = 0; i < a.length; i++) d += a[i] * b[i]; return d; }

    static List<String> sentences(String body) { return Arrays.stream(body.split("(?<=\\.)\\s+")).map(String::strip).filter(s -> !s.isEmpty()).toList(); }

    // the texts of one page for a variant
    static List<String> texts(String v, Page p) {
        List<String> s = sentences(p.body());
        return switch (v.split(":")[0]) {
            case "base" -> List.of(p.title() + "\n" + p.body());
            case "body" -> List.of(p.body());
            case "title" -> List.of(p.title());
            case "sent" -> { List<String> o = new ArrayList<>(); o.add(p.title() + "\n" + p.body()); for (String x : s) o.add(p.title() + "\n" + x); yield o; }
            case "sentonly" -> { List<String> o = new ArrayList<>(); o.add(p.title() + "\n" + p.body()); o.addAll(s); yield o; }
            case "pair" -> { List<String> o = new ArrayList<>(); o.add(p.title() + "\n" + p.body()); for (int i = 0; i + 1 < s.size(); i++) o.add(p.title() + "\n" + s.get(i) + " " + s.get(i + 1)); yield o; }
            case "titlebody" -> List.of(p.title() + "\n" + p.body(), p.title());
            default -> throw new IllegalArgumentException(v);
        };
    }

    /** The text embedded for a query: the model's query prefix (none with :noinst), then the normalized query. */
    static String query(String v, String q) { return (v.contains(":noinst") ? "" : qp) + qnorm(v, q); }

    static String qnorm(String v, String q) {
        if (v.contains(":lower")) q = q.toLowerCase();
        if (v.contains(":nostop")) { StringBuilder b = new StringBuilder(); for (String w : q.split("\\s+")) if (!STOP.contains(w.toLowerCase())) b.append(w).append(' '); if (b.length() > 0) q = b.toString().strip(); }
        return q;
    }

    static Set<String> STOP = Set.of("a an the and or of to in on for with by from at as is are be it its this that these those what which who how when why can do does i we my our your you me us will would should could may might not no yes if then than so about into out up down over under again there here all any each every some such only own same other more most very just also too s t now get got".split(" "));
    static void run(String v) {
        Map<String, List<String>> pt = new LinkedHashMap<>();
        for (Page p : pages) pt.put(p.id(), texts(v, p).stream().map(t -> pp + t).toList());
        embed(pt.values().stream().flatMap(List::stream).toList());
        embed(queries.stream().map(q -> query(v, q.text())).toList());
        // optional centering
        float[] mean = new float[384];
        boolean center = v.contains(":center");
        if (center) { int n = 0; for (var l : pt.values()) for (String t : l) { float[] x = cache.get(t); for (int i = 0; i < 384; i++) mean[i] += x[i]; n++; } for (int i = 0; i < 384; i++) mean[i] /= n; }
        String agg = v.contains(":sum") ? "sum" : v.contains(":mix") ? "mix" : "max";
        Map<String, List<String>> vector = new HashMap<>();
        Map<String, List<String>> nb = new HashMap<>();
        int K = v.contains(":nb") ? Integer.parseInt(v.replaceAll(".*:nb(\\d+).*", "$1")) : 0;
        double beta = v.contains(":b") ? Double.parseDouble(v.replaceAll(".*:b([0-9.]+).*", "$1")) : 0;
        if (K > 0) for (String id : pt.keySet()) { float[] x = cache.get(pt.get(id).get(0)); nb.put(id, pt.keySet().stream().filter(o -> !o.equals(id)).sorted(Comparator.comparingDouble(o -> -dot(x, cache.get(pt.get(o).get(0))))).limit(K).toList()); }
        for (Query q : queries) {
            float[] qv = cache.get(query(v, q.text()));
            if (center) qv = cen(qv, mean);
            if (v.contains(":prf")) {
                int mm = Integer.parseInt(v.replaceAll(".*:prf(\\d+).*", "$1")); double al = Double.parseDouble(v.replaceAll(".*:a([0-9.]+).*", "$1"));
                final float[] q0 = qv;
                List<String> top = pt.keySet().stream().sorted(Comparator.comparingDouble(id -> -dot(q0, cache.get(pt.get(id).get(0))))).limit(mm).toList();
                float[] n = qv.clone(); for (String id : top) { float[] x = cache.get(pt.get(id).get(0)); for (int i = 0; i < 384; i++) n[i] += (float) (al / mm) * x[i]; }
                qv = unit(n);
            }
            List<Map.Entry<String, Double>> ranked = new ArrayList<>();
            for (var e : pt.entrySet()) {
                double[] ss = new double[e.getValue().size()];
                for (int i = 0; i < ss.length; i++) { float[] x = cache.get(e.getValue().get(i)); if (center) x = cen(x, mean); ss[i] = dot(qv, x); }
                double sc;
                if (agg.equals("max")) sc = Arrays.stream(ss).max().orElse(0);
                else if (agg.equals("sum")) sc = ss[0] + Arrays.stream(ss, 1, ss.length).max().orElse(0);
                else { sc = ss[0]; double mx = Arrays.stream(ss, 1, ss.length).max().orElse(0); sc = 0.5 * sc + 0.5 * mx; }
                if (K > 0) { double t = 0; for (String o : nb.get(e.getKey())) t += dot(qv, cache.get(pt.get(o).get(0))); sc += beta * t / K; }
                ranked.add(Map.entry(e.getKey(), sc));
            }
            ranked.sort(Map.Entry.<String, Double>comparingByValue().reversed());
            double floor = q.text().strip().split("\\s+").length == 1 ? opt(v, "one", 0.45) : center ? -1 : opt(v, "floor", 0.15);
            vector.put(q.id(), ranked.stream().limit(50).filter(e -> e.getValue() >= floor).map(Map.Entry::getKey).toList());
        }
        System.out.println("== " + v);
        for (String kind : List.of("keyword", "paraphrase")) for (boolean held : HELD ? List.of(false, true) : List.of(false)) {
            List<Query> sel = queries.stream().filter(q -> q.kind().equals(kind) && q.heldOut() == held).toList();
            double[] lx = metrics(sel, q -> lexical.get(q.id()));
            double[] vc = metrics(sel, q -> vector.get(q.id()));
            int k = v.matches(".*:k\\d+.*") ? Integer.parseInt(v.replaceAll(".*:k(\\d+).*", "$1")) : 60;
            double w = v.matches(".*:w[0-9.]+.*") ? Double.parseDouble(v.replaceAll(".*:w([0-9.]+).*", "$1")) : 1;
            int cands = v.matches(".*:c\\d+.*") ? Integer.parseInt(v.replaceAll(".*:c(\\d+).*", "$1")) : 50;
            double[] hy = metrics(sel, q -> fuse(lexical.get(q.id()), vector.get(q.id()).subList(0, Math.min(cands, vector.get(q.id()).size())), k, w));
            System.out.printf("  %-20s lex %.3f/%.3f vec %.3f/%.3f hyb %.3f/%.3f%n", kind + (held ? " held" : " train"), lx[0], lx[1], vc[0], vc[1], hy[0], hy[1]);
        }
    }

    static double opt(String v, String name, double dflt) { return v.matches(".*:" + name + "[0-9.]+.*") ? Double.parseDouble(v.replaceAll(".*:" + name + "([0-9.]+).*", "$1")) : dflt; }

    static float[] cen(float[] x, float[] m) { float[] o = new float[x.length]; for (int i = 0; i < x.length; i++) o[i] = x[i] - m[i]; return unit(o); }

    /** content's RankFusion, with a weight on the vector list (1: content's). */
    static List<String> fuse(List<String> lexical, List<String> vector, int k, double w) {
        Map<String, int[]> ranks = new LinkedHashMap<>();
        for (int i = 0; i < lexical.size(); i++) ranks.computeIfAbsent(lexical.get(i), x -> new int[2])[0] = i + 1;
        for (int i = 0; i < vector.size(); i++) ranks.computeIfAbsent(vector.get(i), x -> new int[2])[1] = i + 1;
        List<Map.Entry<String, int[]>> all = new ArrayList<>(ranks.entrySet());
        all.sort(Comparator.comparingDouble((Map.Entry<String, int[]> e) -> -((e.getValue()[0] == 0 ? 0 : 1.0 / (k + e.getValue()[0])) + (e.getValue()[1] == 0 ? 0 : w / (k + e.getValue()[1]))))
                .thenComparingInt(e -> e.getValue()[0] == 0 ? Integer.MAX_VALUE : e.getValue()[0]));
        return all.stream().map(Map.Entry::getKey).toList();
    }

    static double[] metrics(List<Query> qs, Function<Query, List<String>> r) {
        double rec = 0, mrr = 0;
        for (Query q : qs) { int rank = r.apply(q).indexOf(q.relevant()) + 1; if (rank > 0 && rank <= 5) rec++; if (rank > 0 && rank <= 10) mrr += 1.0 / rank; }
        return new double[]{rec / qs.size(), mrr / qs.size()};
    }
}
