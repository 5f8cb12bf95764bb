package io.bindery.document;

import java.util.Map;

/**
 * Converts between markdown (how Bindery stores pages) and GitBook's rich-text JSON document (what GitBook's API
 * returns), as plain {@code Map}/{@code List} values ready for JSON serialization.
 *
 * <p>Supported both ways: paragraphs, headings (markdown levels 4–6 become {@code heading-3}), bold, italic,
 * strikethrough ({@code ~~}) and code marks, hard line breaks, links and images (with page, anchor, file and url
 * references), unordered and ordered lists, block quotes, code blocks, thematic breaks, GFM tables. Raw HTML blocks
 * become paragraphs of literal text. See {@link DocumentBuilder} and {@link DocumentWriter} for the details.
 */
public final class MarkdownDocuments {

    private MarkdownDocuments() {
    }

    /**
     * Parses markdown into a GitBook document {@code {"object":"document","data":{"schemaVersion":1},"nodes":[…]}}.
     * Node keys are deterministic: the same markdown always gives an identical document.
     *
     * @throws IllegalArgumentException if {@code markdown} is null or exceeds the parser's limits
     */
    public static Map<String, Object> toDocument(String markdown) {
        return DocumentBuilder.document(MarkdownParser.parse(markdown));
    }

    /**
     * Writes a GitBook document as markdown. Everything {@link #toDocument} produces is supported, so
     * {@code toDocument(toMarkdown(toDocument(md)))} equals {@code toDocument(md)} apart from node keys.
     *
     * @throws IllegalArgumentException ({@code "document: <path> <problem>"}) for unsupported node types, malformed
     *                                  nodes, or nesting deeper than 64 levels
     */
    public static String toMarkdown(Map<String, Object> document) {
        return DocumentWriter.write(document);
    }
}
