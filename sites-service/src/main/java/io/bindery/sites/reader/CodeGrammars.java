package io.bindery.sites.reader;

import io.noties.prism4j.annotations.PrismBundle;

/**
 * The languages whose code blocks the reader highlights: prism4j-bundler's annotation processor generates, at compile
 * time, the grammar classes of these (Prism's own, in Java) and the locator {@code CodeGrammarLocator} that finds
 * them by name or alias ({@code js}, {@code html}, {@code xml}, …). Every grammar the bundler ships is listed.
 */
@PrismBundle(include = {"c", "clike", "clojure", "cpp", "csharp", "css", "css-extras", "dart", "git", "go", "groovy", "java",
        "javascript", "json", "kotlin", "latex", "makefile", "markdown", "markup", "python", "scala", "sql", "swift", "yaml"},
        grammarLocatorClassName = ".CodeGrammarLocator")
final class CodeGrammars {
    private CodeGrammars() {
    }
}
