package io.bindery.sites.reader.grammars;

import io.noties.prism4j.Prism4j;

import static io.noties.prism4j.Prism4j.grammar;
import static io.noties.prism4j.Prism4j.pattern;
import static io.noties.prism4j.Prism4j.token;
import static java.util.regex.Pattern.CASE_INSENSITIVE;
import static java.util.regex.Pattern.MULTILINE;
import static java.util.regex.Pattern.compile;

/**
 * PHP after Prism's {@code php}, as the code between {@code <?php} and {@code ?>} (a documentation block is nearly
 * always that; HTML around it is left as text): the delimiters, comments, variables, strings with their {@code $var}
 * and {@code {$…}} interpolation, keywords, class and function names, constants, numbers and operators.
 */
final class PhpGrammar {
    private PhpGrammar() {
    }

    static Prism4j.Grammar create(Prism4j prism4j) {
        // "{$…}" at most 200 characters on one line, not Prism's "[^}]+", which scans to the end for every "{$"
        // without its "}"
        Prism4j.Token variable = token("variable", pattern(compile("\\$+(?:\\w+\\b|(?=\\{))")));
        Prism4j.Grammar interpolation = grammar("inside",
                token("interpolation", pattern(compile("\\{\\$[^}\\r\\n]{1,200}\\}|\\$\\w+(?:->\\w+|\\[[^\\]\\r\\n]+\\])?"), false, false, null,
                        grammar("inside", variable, token("punctuation", pattern(compile("[{}\\[\\]]|->")))))));
        return grammar("php",
                token("delimiter", pattern(compile("\\?>$|^<\\?(?:php(?=\\s)|=)?", CASE_INSENSITIVE | MULTILINE), false, false, "important")),
                token("comment",
                        pattern(compile("(^|[^\\\\])/\\*[\\s\\S]*?(?:\\*/|$)"), true, true),
                        pattern(compile("(^|[^\\\\:])(?://|#(?!\\[)).*"), true, true)),
                token("attribute", pattern(compile("#\\[[^\\]\\r\\n]*\\]"), false, true, "attr-name")),
                token("string",
                        pattern(compile("\"(?:\\\\[\\s\\S]|\\{\\$[^}\\r\\n]{1,200}\\}|[^\\\\\"])*\""), false, true, null, interpolation),
                        pattern(compile("'(?:\\\\[\\s\\S]|[^\\\\'])*'"), false, true)),
                variable,
                token("function-definition", pattern(compile("(\\bfunction\\s+)\\w+(?=\\s*\\()", CASE_INSENSITIVE), true, false, "function")),
                token("class-name", pattern(compile("(\\b(?:class|enum|extends|implements|instanceof|interface|new|trait)\\s+)(?!\\d)\\w+",
                        CASE_INSENSITIVE), true)),
                token("keyword", pattern(compile("\\b(?:__halt_compiler|abstract|and|array|as|break|callable|case|catch|class|"
                        + "clone|const|continue|declare|default|die|do|echo|else|elseif|empty|enddeclare|endfor|endforeach|endif|"
                        + "endswitch|endwhile|enum|eval|exit|extends|final|finally|fn|for|foreach|function|global|goto|if|"
                        + "implements|include|include_once|instanceof|insteadof|interface|isset|list|match|namespace|new|or|"
                        + "parent|print|private|protected|public|readonly|require|require_once|return|self|static|switch|throw|"
                        + "trait|try|unset|use|var|while|xor|yield)\\b", CASE_INSENSITIVE))),
                token("boolean", pattern(compile("\\b(?:false|true)\\b", CASE_INSENSITIVE))),
                token("constant", pattern(compile("\\bnull\\b", CASE_INSENSITIVE)), pattern(compile("\\b[A-Z_][A-Z0-9_]*\\b"))),
                token("function", pattern(compile("\\b\\w+(?=\\s*\\()"))),
                token("number", pattern(compile("\\b0b[01]+(?:_[01]+)*\\b|\\b0o[0-7]+(?:_[0-7]+)*\\b|\\b0x[\\da-f]+(?:_[\\da-f]+)*\\b|"
                        + "(?:\\b\\d+(?:_\\d+)*\\.?(?:\\d+(?:_\\d+)*)?|\\B\\.\\d+)(?:e[+-]?\\d+)?", CASE_INSENSITIVE))),
                token("operator", pattern(compile("<?=>|\\?\\?=?|\\.{3}|\\??->|[!=]=?=?|::|\\*\\*=?|--|\\+\\+|&&|\\|\\||<<|>>|[?~]|[/^|%*&<>.+-]=?"))),
                token("punctuation", pattern(compile("[{}\\[\\](),:;]"))));
    }
}
