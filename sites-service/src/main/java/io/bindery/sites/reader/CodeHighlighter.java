package io.bindery.sites.reader;

import io.bindery.sites.reader.grammars.WrittenGrammars;
import io.noties.prism4j.GrammarLocator;
import io.noties.prism4j.Prism4j;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A fenced code block as the reader shows it: tokens of Prism's grammars (prism4j's, and shell, Rust, Ruby and PHP
 * written here: {@link WrittenGrammars}) as {@code <span class="t-…">}, every
 * character of the code HTML-escaped, and the language's name for the block's label. A language without a grammar
 * here, or a block longer than {@link #MAX_HIGHLIGHTED} characters (Prism's regular expressions backtrack, and an
 * editor's input must not hold a worker), is shown as escaped text, still labelled.
 */
final class CodeHighlighter {
    /** Longer blocks are not tokenized. */
    static final int MAX_HIGHLIGHTED = 20_000;

    /** prism4j-bundler's grammars and ours (shell, Rust, Ruby, PHP: the bundler has none). */
    private static final GrammarLocator GRAMMARS = new Locked(new WrittenGrammars(new CodeGrammarLocator()));
    private static final Prism4j PRISM = new Prism4j(GRAMMARS);

    static {
        // every grammar made now, before any page renders: making one may modify another (css adds itself to markup's
        // tokens), which must not happen while a page is tokenized with it
        for (String language : GRAMMARS.languages()) {
            PRISM.grammar(language);
        }
    }

    /** Names the label shows, by the (lower-case) word a fence gives; any other word is shown as written. */
    private static final Map<String, String> NAMES = Map.ofEntries(
            Map.entry("c", "C"), Map.entry("clojure", "Clojure"), Map.entry("cpp", "C++"), Map.entry("c++", "C++"),
            Map.entry("csharp", "C#"), Map.entry("cs", "C#"), Map.entry("dotnet", "C#"), Map.entry("css", "CSS"),
            Map.entry("dart", "Dart"), Map.entry("git", "Git"), Map.entry("go", "Go"), Map.entry("golang", "Go"),
            Map.entry("groovy", "Groovy"), Map.entry("java", "Java"), Map.entry("javascript", "JavaScript"),
            Map.entry("js", "JavaScript"), Map.entry("mjs", "JavaScript"), Map.entry("jsx", "JSX"),
            Map.entry("typescript", "TypeScript"), Map.entry("ts", "TypeScript"), Map.entry("tsx", "TSX"),
            Map.entry("json", "JSON"), Map.entry("jsonp", "JSON"), Map.entry("kotlin", "Kotlin"), Map.entry("kt", "Kotlin"),
            Map.entry("latex", "LaTeX"), Map.entry("tex", "TeX"), Map.entry("makefile", "Makefile"), Map.entry("make", "Makefile"),
            Map.entry("markdown", "Markdown"), Map.entry("md", "Markdown"), Map.entry("markup", "Markup"),
            Map.entry("html", "HTML"), Map.entry("xml", "XML"), Map.entry("svg", "SVG"), Map.entry("mathml", "MathML"),
            Map.entry("python", "Python"), Map.entry("py", "Python"), Map.entry("scala", "Scala"), Map.entry("sql", "SQL"),
            Map.entry("swift", "Swift"), Map.entry("yaml", "YAML"), Map.entry("yml", "YAML"),
            Map.entry("bash", "Bash"), Map.entry("sh", "Shell"), Map.entry("shell", "Shell"), Map.entry("zsh", "Zsh"),
            Map.entry("console", "Console"), Map.entry("powershell", "PowerShell"), Map.entry("ps1", "PowerShell"),
            Map.entry("rust", "Rust"), Map.entry("rs", "Rust"), Map.entry("ruby", "Ruby"), Map.entry("rb", "Ruby"),
            Map.entry("php", "PHP"), Map.entry("toml", "TOML"), Map.entry("ini", "INI"), Map.entry("diff", "Diff"),
            Map.entry("dockerfile", "Dockerfile"), Map.entry("docker", "Dockerfile"), Map.entry("graphql", "GraphQL"),
            Map.entry("http", "HTTP"), Map.entry("text", "Text"), Map.entry("txt", "Text"), Map.entry("plaintext", "Text"));

    /** Fence words highlighted with a grammar of another name (a superset's tokens are still right for these). */
    private static final Map<String, String> GRAMMAR_OF = Map.of("ts", "javascript", "typescript", "javascript",
            "jsx", "javascript", "mjs", "javascript", "py", "python", "kt", "kotlin", "yml", "yaml", "cs", "csharp",
            "golang", "go", "md", "markdown");

    /** The grammars' names: {@code clike} and {@code css-extras} only extend others. */
    private static final Set<String> NOT_SHOWN = Set.of("clike", "css-extras");

    private CodeHighlighter() {
    }

    /** The fence's first word, lower case: the language, or "" when the fence names none. */
    static String language(String info) {
        if (info == null) {
            return "";
        }
        String word = info.strip();
        int space = word.indexOf(' ');
        return (space < 0 ? word : word.substring(0, space)).toLowerCase(Locale.ROOT);
    }

    /** What the block's label says: the language's usual name, or the fence's word itself. */
    static String label(String language) {
        return NAMES.getOrDefault(language, language);
    }

    /** The code as HTML: tokens in spans when the language has a grammar, otherwise escaped text. */
    static void html(String code, String language, StringBuilder out) {
        Prism4j.Grammar grammar = language.isEmpty() || code.length() > MAX_HIGHLIGHTED || NOT_SHOWN.contains(language)
                ? null : PRISM.grammar(GRAMMAR_OF.getOrDefault(language, language));
        if (grammar == null) {
            escape(code, out);
            return;
        }
        List<? extends Prism4j.Node> tokens;
        try {
            tokens = PRISM.tokenize(code, grammar);
        } catch (StackOverflowError e) {
            // java.util.regex recurses once per repetition of an alternation ("a string of escapes or other
            // characters"): a long enough token overflows the stack. The block is then shown as text, not a 500.
            escape(code, out);
            return;
        }
        write(tokens, out);
    }

    private static void write(List<? extends Prism4j.Node> nodes, StringBuilder out) {
        for (Prism4j.Node node : nodes) {
            if (node instanceof Prism4j.Syntax syntax) {
                out.append("<span class=\"t-").append(cssName(syntax.type()));
                if (syntax.alias() != null && !syntax.alias().isEmpty()) {
                    out.append(" t-").append(cssName(syntax.alias()));
                }
                out.append("\">");
                write(syntax.children(), out);
                out.append("</span>");
            } else if (node instanceof Prism4j.Text text) {
                escape(text.literal(), out);
            }
        }
    }

    /** A token type as a class name: grammar names are plain words already; anything else is dropped. */
    private static String cssName(String type) {
        StringBuilder s = new StringBuilder(type.length());
        for (int i = 0; i < type.length(); i++) {
            char c = type.charAt(i);
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
                s.append(c);
            }
        }
        return s.toString();
    }

    static void escape(String text, StringBuilder out) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                default -> out.append(c);
            }
        }
    }

    /**
     * The generated locator keeps the grammars it made in a plain HashMap; pages render on many threads, so look-ups
     * take turns (a grammar is made once, then it is a map read).
     */
    private record Locked(GrammarLocator locator) implements GrammarLocator {
        @Override
        public synchronized Prism4j.Grammar grammar(Prism4j prism4j, String language) {
            return locator.grammar(prism4j, language);
        }

        @Override
        public Set<String> languages() {
            return locator.languages();
        }
    }
}
