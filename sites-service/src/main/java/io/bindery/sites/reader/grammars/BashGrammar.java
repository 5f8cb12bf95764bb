package io.bindery.sites.reader.grammars;

import io.noties.prism4j.Prism4j;

import static io.noties.prism4j.Prism4j.grammar;
import static io.noties.prism4j.Prism4j.pattern;
import static io.noties.prism4j.Prism4j.token;
import static java.util.regex.Pattern.MULTILINE;
import static java.util.regex.Pattern.compile;

/**
 * Shell (bash, sh, zsh) after Prism's {@code bash}: comments, the shebang, strings with their expansions, variables,
 * builtins and keywords where a command starts, numbers, redirections and operators. Here-documents are left as text
 * (Prism matches their end with a back-reference across lines, which costs too much on an editor's input).
 */
final class BashGrammar {
    /** Where a command word can start: a line's start, a space, {@code ;|&}, or a process substitution's {@code <(}. */
    private static final String COMMAND_START = "(^|[\\s;|&]|[<>]\\()";
    /** …and where it must end. */
    private static final String COMMAND_END = "(?=$|[)\\s;|&])";

    private BashGrammar() {
    }

    static Prism4j.Grammar create(Prism4j prism4j) {
        Prism4j.Token variable = token("variable",
                pattern(compile("\\$?\\(\\([\\s\\S]+?\\)\\)")),
                pattern(compile("\\$\\((?:\\([^)]+\\)|[^()])+\\)")),
                pattern(compile("\\$\\{[^}]+\\}")),
                pattern(compile("\\$(?:\\w+|[#?*!@$])")));
        Prism4j.Grammar expansions = grammar("inside", variable);
        return grammar("bash",
                token("shebang", pattern(compile("^#!\\s*/.*"), false, false, "important")),
                token("comment", pattern(compile("(^|[^\"{\\\\$])#.*", MULTILINE), true)),
                token("function-name",
                        pattern(compile("(\\bfunction\\s+)[\\w-]+(?=(?:\\s*\\(\\s*\\))?\\s*\\{)"), true, false, "function"),
                        pattern(compile("\\b[\\w-]+(?=\\s*\\(\\s*\\)\\s*\\{)"), false, false, "function")),
                token("for-or-select", pattern(compile("(\\b(?:for|select)\\s+)\\w+(?=\\s+in\\s)"), true, false, "variable")),
                token("assign-left", pattern(compile(COMMAND_START + "\\w+(?=\\+?=)", MULTILINE), true, false, "variable")),
                token("string",
                        pattern(compile("(^|[^\\\\](?:\\\\\\\\)*)\"(?:\\\\[\\s\\S]|\\$\\([^)]+\\)|\\$(?!\\()|`[^`]+`|[^\"\\\\`$])*\"",
                                MULTILINE), true, true, null, expansions),
                        pattern(compile("(^|[^$\\\\])'[^']*'", MULTILINE), true, true),
                        pattern(compile("\\$'(?:[^'\\\\]|\\\\[\\s\\S])*'"), false, true)),
                variable,
                token("builtin", pattern(compile(COMMAND_START + "(?:\\.|:|alias|bind|break|builtin|caller|cd|command|continue|"
                        + "declare|echo|enable|eval|exec|exit|export|getopts|hash|help|let|local|logout|mapfile|printf|pwd|read|"
                        + "readarray|readonly|return|set|shift|shopt|source|test|times|trap|type|typeset|ulimit|umask|unalias|unset)"
                        + COMMAND_END, MULTILINE), true, false, "class-name")),
                token("keyword", pattern(compile(COMMAND_START + "(?:if|then|else|elif|fi|for|while|until|in|case|esac|function|"
                        + "select|do|done)" + COMMAND_END, MULTILINE), true)),
                token("boolean", pattern(compile(COMMAND_START + "(?:true|false)" + COMMAND_END, MULTILINE), true)),
                token("file-descriptor", pattern(compile("\\B&\\d\\b"), false, false, "important")),
                token("operator", pattern(compile("\\d?<>|>\\||\\+=|=[=~]?|!=?|<<[<-]?|[&\\d]?>>|\\d[<>]&?|[<>][&=]?|&[>&]?|\\|[&|]?"))),
                token("punctuation", pattern(compile("\\$?\\(\\(?|\\)\\)?|\\.\\.|[{}\\[\\];\\\\]"))),
                token("number", pattern(compile("(^|\\s)(?:[1-9]\\d*|0)(?:[.,]\\d+)?\\b", MULTILINE), true)));
    }
}
