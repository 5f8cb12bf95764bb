package io.bindery.sites.reader.grammars;

import io.noties.prism4j.Prism4j;

import java.util.ArrayList;
import java.util.List;

import static io.noties.prism4j.Prism4j.grammar;
import static io.noties.prism4j.Prism4j.pattern;
import static io.noties.prism4j.Prism4j.token;
import static java.util.regex.Pattern.CASE_INSENSITIVE;
import static java.util.regex.Pattern.MULTILINE;
import static java.util.regex.Pattern.compile;

/**
 * Ruby after Prism's {@code ruby}: comments and {@code =begin} blocks, strings with {@code #{…}} interpolation (itself
 * Ruby), symbols, regular expressions, instance and global variables, method and class definitions, keywords, core
 * classes, constants, numbers and operators. Percent literals and here-documents are left as text.
 */
final class RubyGrammar {
    private RubyGrammar() {
    }

    static Prism4j.Grammar create(Prism4j prism4j) {
        // an interpolation is at most 200 characters on one line: "[^}]+" as Prism writes it scans to the end of the
        // code for every "#{" without its "}", which made 9,000 characters of them take 0.4 s.
        // The interpolation's inside is the whole grammar: made empty, filled once the grammar exists (as prism4j's
        // JavaScript does for template strings)
        Prism4j.Token interpolation = token("interpolation");
        Prism4j.Grammar ruby = grammar("ruby",
                token("comment",
                        pattern(compile("^=begin\\s[\\s\\S]*?^=end", MULTILINE), false, true),
                        pattern(compile("#.*"), false, true)),
                token("string", pattern(compile("(\"|')(?:#\\{[^}\\r\\n]{1,200}\\}|#(?!\\{)|\\\\(?:\\r\\n|[\\s\\S])|(?!\\1)[^\\\\#\\r\\n])*\\1"),
                        false, true, null, grammar("inside", interpolation))),
                token("symbol",
                        pattern(compile("(^|[^:]):[a-zA-Z_]\\w*(?:[?!]|\\b)"), true),
                        pattern(compile("(^|[\\s,({])[a-zA-Z_]\\w*:(?=\\s)", MULTILINE), true)),
                token("regex", pattern(compile("((?:^|[^\\w)\\]}\\s])\\s*)/(?![/*\\s])(?:\\[[^\\r\\n\\]]+\\]|\\\\.|[^\\[/\\\\\\r\\n])+/[egimnosux]{0,6}"
                        + "(?=\\s*(?:$|[\\r\\n,.;})#]))", MULTILINE), true, true)),
                token("variable", pattern(compile("[@$]+[a-zA-Z_]\\w*(?:[?!]|\\b)"))),
                token("method-definition", pattern(compile("(\\bdef\\s+)(?:self\\.)?\\w+[?!=]?"), true, false, "function")),
                token("class-name", pattern(compile("(\\b(?:class|module)\\s+)[A-Z]\\w*(?:::[A-Z]\\w*)*"), true)),
                token("keyword", pattern(compile("\\b(?:BEGIN|END|alias|and|begin|break|case|class|def|define_method|defined|do|"
                        + "each|else|elsif|end|ensure|extend|for|if|in|include|module|new|next|nil|not|or|prepend|private|protected|"
                        + "public|raise|redo|require|require_relative|rescue|retry|return|self|super|then|throw|undef|unless|until|"
                        + "when|while|yield)\\b"))),
                token("boolean", pattern(compile("\\b(?:true|false)\\b"))),
                token("builtin", pattern(compile("\\b(?:Array|Bignum|Binding|Class|Continuation|Dir|Exception|FalseClass|File|"
                        + "Fixnum|Float|Hash|Integer|IO|MatchData|Method|Module|NilClass|Numeric|Object|Proc|Range|Regexp|Stat|"
                        + "String|Struct|Symbol|Thread|ThreadGroup|Time|TrueClass)\\b"))),
                token("constant", pattern(compile("\\b[A-Z]\\w*(?:[?!]|\\b)"))),
                token("function", pattern(compile("\\b\\w+[?!]?(?=\\()"))),
                token("number", pattern(compile("\\b0x[\\da-f]+\\b|(?:\\b\\d[\\d_]*\\.?\\d*|\\B\\.\\d+)(?:e[+-]?\\d+)?", CASE_INSENSITIVE))),
                token("operator", pattern(compile("\\.{2,3}|&\\.|===|<?=>|[!=]?~|(?:&&|\\|\\||<<|>>|\\*\\*|[-+*/%<>!^&|=])=?|[?:]"))),
                token("punctuation", pattern(compile("[(){}\\[\\].,;]"))));
        List<Prism4j.Token> inside = new ArrayList<>(ruby.tokens().size() + 1);
        inside.add(token("delimiter", pattern(compile("^#\\{|\\}$"), false, false, "punctuation")));
        inside.addAll(ruby.tokens());
        interpolation.patterns().add(pattern(compile("#\\{[^}\\r\\n]{1,200}\\}"), false, false, null, grammar("inside", inside)));
        return ruby;
    }
}
