package io.bindery.insights.clusters;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A cluster's terms: for each stem, how many member issues hold it and the word it is most often written as. With
 * the organization's document frequencies it gives the cluster's TF-IDF centroid, its label and its icon.
 */
public final class Centroid {
    /** A stem's member count and its usual word. */
    public static final class Entry {
        public int n;
        public String w;
        /** word to how often (only while building, not stored). */
        transient Map<String, Integer> words;
    }

    public final Map<String, Entry> terms;

    public Centroid(Map<String, Entry> terms) {
        this.terms = terms;
    }

    public static Centroid empty() {
        return new Centroid(new HashMap<>());
    }

    /** Adds one member issue's terms (each stem once). */
    public void add(List<TextFeatures.Term> issueTerms) {
        Map<String, String> firstWord = new HashMap<>();
        for (TextFeatures.Term t : issueTerms) {
            firstWord.putIfAbsent(t.stem(), t.word());
        }
        firstWord.forEach((stem, word) -> {
            Entry e = terms.computeIfAbsent(stem, s -> new Entry());
            e.n++;
            if (e.words == null) {
                e.words = new HashMap<>();
                if (e.w != null) {
                    e.words.put(e.w, 1);
                }
            }
            int seen = e.words.merge(word, 1, Integer::sum);
            if (e.w == null || seen > e.words.getOrDefault(e.w, 0)) {
                e.w = word;
            }
        });
    }

    /** TF-IDF weight of each stem: its share of the members times its IDF; normalized by the caller. */
    public Map<String, Double> weights(int size, Idf idf) {
        Map<String, Double> w = new HashMap<>();
        terms.forEach((stem, e) -> w.put(stem, (double) e.n / Math.max(1, size) * idf.of(stem)));
        return w;
    }

    /** The most distinctive stems: share of members times IDF, those held by at least 10% of the members. */
    public List<String> distinctive(int size, Idf idf, int count) {
        List<Map.Entry<String, Entry>> all = new ArrayList<>(terms.entrySet());
        all.removeIf(e -> e.getValue().n < Math.max(1, size * 0.1));
        all.sort((a, b) -> {
            int c = Double.compare(score(b, size, idf), score(a, size, idf));
            return c != 0 ? c : a.getKey().compareTo(b.getKey());
        });
        return all.stream().limit(count).map(e -> e.getValue().w).toList();
    }

    private static double score(Map.Entry<String, Entry> e, int size, Idf idf) {
        return (double) e.getValue().n / size * idf.of(e.getKey());
    }

    /** Inverse document frequency over an organization's issues. */
    public record Idf(Map<String, Integer> df, int documents) {
        public double of(String stem) {
            return Math.log((1.0 + documents) / (1.0 + df.getOrDefault(stem, 0))) + 1;
        }
    }

    /** The label: its three most distinctive words, the first capitalized ("Login, sso and password"). */
    public static String label(List<String> words) {
        if (words.isEmpty()) {
            return "Other issues";
        }
        String first = words.get(0).substring(0, 1).toUpperCase(Locale.ROOT) + words.get(0).substring(1);
        if (words.size() == 1) {
            return first;
        }
        List<String> rest = words.subList(1, words.size());
        return first + (rest.size() == 1 ? " and " + rest.get(0)
                : ", " + String.join(", ", rest.subList(0, rest.size() - 1)) + " and " + rest.get(rest.size() - 1));
    }

    private static final String[][] ICONS = {
            {"lock", "login", "log", "sign", "signin", "password", "sso", "saml", "auth", "authent", "2fa", "mfa", "account", "session"},
            {"file-export", "export", "pdf", "download", "print"},
            {"globe", "domain", "dns", "subdomain", "cname", "ssl", "certif", "https"},
            {"magnifying-glass", "search", "find", "index"},
            {"credit-card", "billing", "invoic", "payment", "plan", "subscript", "price", "charg"},
            {"code-branch", "git", "github", "gitlab", "sync", "branch", "merg"},
            {"users", "member", "invit", "team", "permiss", "role", "access"},
            {"plug", "integr", "api", "webhook", "token"},
            {"image", "imag", "upload", "file", "pictur"},
            {"palette", "theme", "custom", "color", "colour", "logo", "font"},
            {"gauge-high", "slow", "perform", "load", "speed", "timeout"},
            {"language", "translat", "languag", "locale"},
    };

    /** A Font Awesome icon name for the cluster's words (at most 50 characters, as GitBook requires). */
    public static String icon(List<String> stems) {
        for (String stem : stems) {
            for (String[] row : ICONS) {
                for (int i = 1; i < row.length; i++) {
                    if (stem.startsWith(row[i])) {
                        return row[0];
                    }
                }
            }
        }
        return "circle-question";
    }
}
