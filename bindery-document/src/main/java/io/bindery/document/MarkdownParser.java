package io.bindery.document;

import java.util.List;

import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.CustomNode;
import org.commonmark.node.Node;
import org.commonmark.node.Nodes;
import org.commonmark.node.SourceSpans;
import org.commonmark.node.Text;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;
import org.commonmark.parser.delimiter.DelimiterProcessor;
import org.commonmark.parser.delimiter.DelimiterRun;

/**
 * The one place that configures commonmark-java for Bindery: CommonMark + GFM tables + {@code ~~strikethrough~~}.
 *
 * <p>commonmark's {@link Parser} is immutable and thread-safe, so the instances are shared.
 */
final class MarkdownParser {

    /** Deepest node nesting accepted in, and produced for, a GitBook document (document.nodes[i] is level 1). */
    static final int MAX_DOCUMENT_DEPTH = 64;

    /**
     * Block containers (quotes, lists, list items) deeper than this are parsed as plain text by commonmark.
     * The limit keeps the GitBook documents built from markdown within {@link #MAX_DOCUMENT_DEPTH}: each
     * open block parser adds one document level and a leaf block adds at most four more (table, fragment,
     * paragraph, link, text).
     */
    private static final int MAX_OPEN_BLOCK_PARSERS = MAX_DOCUMENT_DEPTH - 4;

    private static final Parser PLAIN = builder().build();
    private static final Parser WITH_SPANS =
            builder().includeSourceSpans(IncludeSourceSpans.BLOCKS_AND_INLINES).build();

    private MarkdownParser() {
    }

    private static Parser.Builder builder() {
        return Parser.builder()
                .extensions(List.of(TablesExtension.create()))
                .customDelimiterProcessor(new StrikethroughProcessor())
                .maxOpenBlockParsers(MAX_OPEN_BLOCK_PARSERS);
    }

    /** Parses markdown without source positions (fastest). */
    static Node parse(String markdown) {
        return parse(PLAIN, markdown);
    }

    /** Parses markdown keeping the source positions of blocks and inlines. */
    static Node parseWithSpans(String markdown) {
        return parse(WITH_SPANS, markdown);
    }

    private static Node parse(Parser parser, String markdown) {
        if (markdown == null) {
            throw new IllegalArgumentException("markdown: must not be null");
        }
        try {
            return parser.parse(markdown);
        } catch (IllegalArgumentException e) {
            // commonmark's own resource limits (e.g. the tables extension's maximum cell count) end up here.
            throw new IllegalArgumentException("markdown: " + e.getMessage(), e);
        }
    }

    /** {@code ~~text~~}: GFM strikethrough, built in here because only the tables extension may be used. */
    static final class Strikethrough extends CustomNode {
    }

    /**
     * Turns a pair of {@code ~~} runs into a {@link Strikethrough}. Exactly two tildes are required on each side,
     * so a lone {@code ~} (as in "~5 minutes") stays text.
     */
    private static final class StrikethroughProcessor implements DelimiterProcessor {

        @Override
        public char getOpeningCharacter() {
            return '~';
        }

        @Override
        public char getClosingCharacter() {
            return '~';
        }

        @Override
        public int getMinLength() {
            return 2;
        }

        @Override
        public int process(DelimiterRun openingRun, DelimiterRun closingRun) {
            if (openingRun.length() != 2 || closingRun.length() != 2) {
                return 0;
            }
            Text opener = openingRun.getOpener();
            Strikethrough strikethrough = new Strikethrough();
            SourceSpans spans = new SourceSpans();
            spans.addAllFrom(openingRun.getOpeners(2));
            for (Node inner : Nodes.between(opener, closingRun.getCloser())) {
                strikethrough.appendChild(inner);
                spans.addAll(inner.getSourceSpans());
            }
            spans.addAllFrom(closingRun.getClosers(2));
            strikethrough.setSourceSpans(spans.getSourceSpans());
            opener.insertAfter(strikethrough);
            return 2;
        }
    }
}
