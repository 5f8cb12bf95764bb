package io.bindery.insights.translations;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Translates the text of a markdown page and nothing else. Structure is copied byte for byte: front matter, code
 * blocks, HTML and GitBook block tags, table separators, the markers of headings, quotes and list items, table
 * pipes, inline code, images, link targets, URLs, escapes and trailing whitespace. Each block's text goes to the
 * engine as one HTML paragraph in which the protected pieces are tags (which engines such as Apertium carry over
 * untranslated): {@code <span data-k>} for a piece kept as is, {@code <a data-k>} for a link's text (its target kept),
 * {@code <b>/<i>/<s>} for emphasis. A paragraph that comes back without all its pieces is kept untranslated, so a
 * translation can lose words but never structure.
 */
public final class MarkdownTranslation {
    private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,}).*$");
    private static final Pattern VERBATIM_LINE = Pattern.compile(
            "^\\s*(<[A-Za-z/!].*|\\{%.*%\\}\\s*|\\|?\\s*:?-{3,}:?\\s*(\\|\\s*:?-{3,}:?\\s*)*\\|?\\s*|([-*_])(\\s*\\3){2,}\\s*|\\[[^\\]]+\\]:\\s.*)$");
    private static final Pattern PREFIX = Pattern.compile(
            "^(\\s*(?:>\\s?)*\\s*(?:#{1,6}\\s+|[-*+]\\s+(?:\\[[ xX]\\]\\s+)?|\\d{1,9}[.)]\\s+)?)");
    private static final Pattern SUFFIX = Pattern.compile("(\\s+#+)?\\s*$");
    private static final Pattern INLINE = Pattern.compile(
            "(?<code>(`+)[\\s\\S]*?\\2)"
                    + "|(?<image>!\\[[^\\]]*\\]\\([^)]*\\))"
                    + "|(?<link>\\[(?<text>[^\\]]+)\\](?<target>\\([^)]*\\)|\\[[^\\]]*\\]))"
                    + "|(?<tag><https?://[^>\\s]+>|</?[A-Za-z][^>]*>|\\{%.*?%\\})"
                    + "|(?<url>https?://[^\\s)<>\\]]+)"
                    + "|(?<escape>\\\\.)"
                    + "|(?<strong>(\\*\\*|__)(?<strongText>\\S(?:.*?\\S)?)\\13)"
                    + "|(?<em>(\\*|(?<![\\p{L}\\p{N}])_)(?<emText>\\S(?:.*?\\S)?)\\15(?![\\p{L}\\p{N}]))"
                    + "|(?<strike>~~(?<strikeText>\\S(?:.*?\\S)?)~~)");
    private static final Pattern LETTER = Pattern.compile("\\p{L}");

    /** The translation of one page, and how many words of text it had. */
    public record Result(String markdown, int words) {
    }

    private MarkdownTranslation() {
    }

    /** Translates {@code markdown}: {@code engine} gets the page's HTML paragraphs and answers them in order. */
    public static Result translate(String markdown, Function<List<String>, List<String>> engine) {
        return translateAll(List.of(markdown), engine).get(0);
    }

    /**
     * Translates pages with one call of {@code engine} for all their paragraphs (an Apertium process loads its
     * dictionaries once per call, which costs more than translating a page).
     */
    public static List<Result> translateAll(List<String> markdowns, Function<List<String>, List<String>> engine) {
        List<Prepared> prepared = markdowns.stream().map(MarkdownTranslation::prepare).toList();
        List<String> paragraphs = new ArrayList<>();
        prepared.forEach(p -> p.translatable.forEach(s -> paragraphs.add(s.html)));
        List<String> translated = paragraphs.isEmpty() ? List.of() : engine.apply(paragraphs);
        List<Result> results = new ArrayList<>(prepared.size());
        int at = 0;
        for (Prepared p : prepared) {
            int n = p.translatable.size();
            results.add(p.finish(translated.subList(Math.min(at, translated.size()), Math.min(at + n, translated.size()))));
            at += n;
        }
        return results;
    }

    /** A page split into what is kept (strings) and what is translated (segments). */
    private record Prepared(String markdown, List<Object> out, List<Segment> translatable) {
        Result finish(List<String> translated) {
            int words = 0;
            for (int i = 0; i < translatable.size(); i++) {
                Segment s = translatable.get(i);
                words += s.words();
                s.translated = i < translated.size() ? s.decode(translated.get(i)) : null;
            }
            StringBuilder sb = new StringBuilder(markdown.length() + 64);
            for (Object o : out) {
                if (o instanceof Segment s) {
                    sb.append(s.translated != null ? s.translated : s.original);
                } else {
                    sb.append((String) o);
                }
            }
            return new Result(sb.toString(), words);
        }
    }

    private static Prepared prepare(String markdown) {
        List<String> lines = List.of(markdown.split("\n", -1));
        List<Object> out = new ArrayList<>(); // String (kept) or Segment (translated)
        List<Segment> segments = new ArrayList<>();
        String fence = null;
        boolean previousBlank = true;
        boolean indentedCode = false;
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            String body = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
            String eol = line.substring(body.length()) + (n < lines.size() - 1 ? "\n" : "");
            if (n == 0 && body.equals("---")) {
                // front matter: kept up to its closing line
                int close = n + 1;
                while (close < lines.size() && !lines.get(close).stripTrailing().equals("---")) {
                    close++;
                }
                for (int k = n; k <= Math.min(close, lines.size() - 1); k++) {
                    out.add(lines.get(k) + (k < lines.size() - 1 ? "\n" : ""));
                }
                n = close;
                continue;
            }
            if (fence != null) {
                out.add(line + (n < lines.size() - 1 ? "\n" : ""));
                String stripped = body.strip();
                char fenceChar = fence.charAt(0);
                if (stripped.startsWith(fence) && stripped.chars().allMatch(c -> c == fenceChar)) {
                    fence = null;
                }
                continue;
            }
            Matcher f = FENCE.matcher(body);
            if (f.matches()) {
                fence = f.group(1);
                out.add(line + (n < lines.size() - 1 ? "\n" : ""));
                continue;
            }
            boolean blank = body.isBlank();
            boolean indented = body.startsWith("    ") || body.startsWith("\t");
            indentedCode = indented && (previousBlank || indentedCode) && !blank
                    || indentedCode && blank;
            if (blank || indentedCode || VERBATIM_LINE.matcher(body).matches() || !LETTER.matcher(body).find()) {
                out.add(line + (n < lines.size() - 1 ? "\n" : ""));
                previousBlank = blank;
                continue;
            }
            previousBlank = false;
            if (body.stripLeading().startsWith("|")) {
                tableRow(body, out, segments);
            } else {
                Matcher p = PREFIX.matcher(body);
                p.find();
                String prefix = p.group(1);
                String rest = body.substring(prefix.length());
                Matcher s = SUFFIX.matcher(rest);
                s.find();
                out.add(prefix);
                Segment segment = new Segment(rest.substring(0, s.start()));
                segments.add(segment);
                out.add(segment);
                out.add(rest.substring(s.start()));
            }
            out.add(eol);
        }
        return new Prepared(markdown, out, segments.stream().filter(x -> LETTER.matcher(x.original).find()).toList());
    }

    /** A table row: each cell's text translated, pipes and padding kept. */
    private static void tableRow(String body, List<Object> out, List<Segment> segments) {
        int start = 0;
        boolean inCode = false;
        for (int i = 0; i <= body.length(); i++) {
            char c = i < body.length() ? body.charAt(i) : '|';
            if (c == '`') {
                inCode = !inCode;
            }
            boolean escaped = i > 0 && i < body.length() && body.charAt(i - 1) == '\\';
            if (c == '|' && !inCode && !escaped || i == body.length()) {
                String cell = body.substring(start, i);
                String trimmed = cell.strip();
                if (trimmed.isEmpty() || !LETTER.matcher(trimmed).find()) {
                    out.add(cell);
                } else {
                    int lead = cell.indexOf(trimmed);
                    out.add(cell.substring(0, lead));
                    Segment segment = new Segment(trimmed);
                    segments.add(segment);
                    out.add(segment);
                    out.add(cell.substring(lead + trimmed.length()));
                }
                if (i < body.length()) {
                    out.add("|");
                }
                start = i + 1;
            }
        }
    }

    /** One block's text: its HTML for the engine, and the pieces its tags stand for. */
    static final class Segment {
        final String original;
        final String html;
        final Map<Integer, String> kept = new HashMap<>();
        final Map<Integer, String[]> wrappers = new HashMap<>(); // id -> {open marker, close marker}
        String translated;
        private int next;

        Segment(String original) {
            this.original = original;
            this.html = encode(original);
        }

        int words() {
            String plain = html.replaceAll("<span data-k=\"\\d+\"></span>", " ").replaceAll("<[^>]+>", "");
            int count = 0;
            for (String w : plain.split("\\s+")) {
                if (LETTER.matcher(w).find()) {
                    count++;
                }
            }
            return count;
        }

        private String encode(String text) {
            StringBuilder sb = new StringBuilder();
            Matcher m = INLINE.matcher(text);
            int at = 0;
            while (m.find()) {
                sb.append(escape(text.substring(at, m.start())));
                int id = next++;
                if (m.group("link") != null) {
                    wrappers.put(id, new String[]{"[", "]" + m.group("target")});
                    sb.append("<a data-k=\"").append(id).append("\">").append(encode(m.group("text"))).append("</a>");
                } else if (m.group("strong") != null) {
                    String marker = m.group(13);
                    wrappers.put(id, new String[]{marker, marker});
                    sb.append("<b data-k=\"").append(id).append("\">").append(encode(m.group("strongText"))).append("</b>");
                } else if (m.group("em") != null) {
                    String marker = m.group(15);
                    wrappers.put(id, new String[]{marker, marker});
                    sb.append("<i data-k=\"").append(id).append("\">").append(encode(m.group("emText"))).append("</i>");
                } else if (m.group("strike") != null) {
                    wrappers.put(id, new String[]{"~~", "~~"});
                    sb.append("<s data-k=\"").append(id).append("\">").append(encode(m.group("strikeText"))).append("</s>");
                } else {
                    kept.put(id, m.group());
                    sb.append("<span data-k=\"").append(id).append("\"></span>");
                }
                at = m.end();
            }
            sb.append(escape(text.substring(at)));
            return sb.toString();
        }

        /** The markdown of the engine's answer; null when a piece went missing (the original is kept then). */
        String decode(String answer) {
            // pieces copied verbatim wait as private-use placeholders until the text is unescaped and tidied
            List<String> raw = new ArrayList<>();
            Function<String, String> hold = piece -> {
                raw.add(piece);
                return "\uE000" + (raw.size() - 1) + "\uE001";
            };
            String s = answer.strip();
            for (Map.Entry<Integer, String[]> w : wrappers.entrySet()) {
                int id = w.getKey();
                String tag = tagOf(s, id);
                if (tag == null) {
                    return null;
                }
                String open = "<" + tag + " data-k=\"" + id + "\">";
                String close = "</" + tag + ">";
                int first = s.indexOf(open);
                int lastOpen = s.lastIndexOf(open);
                int end = s.indexOf(close, lastOpen);
                if (end < 0) {
                    return null;
                }
                // an engine that reorders words may split one wrapped phrase in two: it is one again
                String inner = s.substring(first + open.length(), end).replace(open, "");
                if (!tag.equals("a")) {
                    inner = inner.replace(close, "");
                } else {
                    inner = inner.replace("</a>", "");
                }
                s = s.substring(0, first) + hold.apply(w.getValue()[0]) + inner.strip() + hold.apply(w.getValue()[1])
                        + s.substring(end + close.length());
            }
            for (Map.Entry<Integer, String> k : kept.entrySet()) {
                String tag = "<span data-k=\"" + k.getKey() + "\"></span>";
                int i = s.indexOf(tag);
                if (i < 0) {
                    return null;
                }
                s = s.substring(0, i) + hold.apply(k.getValue()) + s.substring(i + tag.length());
            }
            if (s.contains("data-k=")) {
                return null;
            }
            s = unescape(s.replaceAll(" +([.,;:!?)])", "$1"));
            // Apertium starts a sentence after a piece it did not translate ("`npm i` Y leer"): not so in the text
            Matcher upper = Pattern.compile("\uE001 (\\p{Lu})(?!\\p{Lu})").matcher(s);
            StringBuilder lowered = new StringBuilder();
            while (upper.find()) {
                upper.appendReplacement(lowered, "\uE001 " + upper.group(1).toLowerCase(java.util.Locale.ROOT));
            }
            s = upper.appendTail(lowered).toString();
            StringBuilder out = new StringBuilder(s.length() + 32);
            Matcher m = Pattern.compile("\uE000(\\d+)\uE001").matcher(s);
            int at = 0;
            while (m.find()) {
                out.append(s, at, m.start()).append(raw.get(Integer.parseInt(m.group(1))));
                at = m.end();
            }
            return out.append(s.substring(at)).toString();
        }

        private static String tagOf(String s, int id) {
            for (String tag : new String[]{"a", "b", "i", "s"}) {
                if (s.contains("<" + tag + " data-k=\"" + id + "\">")) {
                    return tag;
                }
            }
            return null;
        }
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    static String unescape(String html) {
        return html.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'")
                .replace("&amp;", "&");
    }
}
