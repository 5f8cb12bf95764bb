package io.bindery.sites.reader.grammars;

import io.noties.prism4j.GrammarLocator;
import io.noties.prism4j.Prism4j;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The grammars written here, found by name or alias, before another locator's (prism4j-bundler's generated one): one
 * {@link GrammarLocator} for the highlighter. Each grammar is made once, on first use, like the bundler's; look-ups are
 * not thread-safe on their own, as the bundler's are not (the highlighter takes turns).
 */
public final class WrittenGrammars implements GrammarLocator {
    /** Each grammar's name and its maker. */
    private static final Map<String, Function<Prism4j, Prism4j.Grammar>> MAKERS = Map.of(
            "bash", BashGrammar::create, "rust", RustGrammar::create, "ruby", RubyGrammar::create, "php", PhpGrammar::create);
    /** Other fence words for the same grammars. */
    private static final Map<String, String> ALIASES = Map.of(
            "sh", "bash", "shell", "bash", "zsh", "bash", "rs", "rust", "rb", "ruby");

    private final GrammarLocator others;
    private final Map<String, Prism4j.Grammar> made = new HashMap<>();

    public WrittenGrammars(GrammarLocator others) {
        this.others = others;
    }

    @Override
    public Prism4j.Grammar grammar(Prism4j prism4j, String language) {
        String name = ALIASES.getOrDefault(language, language);
        Function<Prism4j, Prism4j.Grammar> maker = MAKERS.get(name);
        if (maker == null) {
            return others.grammar(prism4j, language);
        }
        return made.computeIfAbsent(name, n -> maker.apply(prism4j));
    }

    @Override
    public Set<String> languages() {
        Set<String> all = new java.util.TreeSet<>(others.languages());
        all.addAll(MAKERS.keySet());
        return all;
    }
}
