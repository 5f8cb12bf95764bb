package io.bindery.review.comments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import io.bindery.document.MarkdownDocuments;

import java.util.Map;

/**
 * Comment bodies are stored as markdown. Clients send {@code {markdown}} or {@code {document}} (GitBook's JSON
 * document) and read either with {@code format=markdown} (the default) or {@code format=document}.
 */
public final class CommentBodies {
    static final int MAX_MARKDOWN = 65_536;
    private static final ObjectMapper JSON = new ObjectMapper();

    private CommentBodies() {
    }

    /** The markdown of a body sent by a client; 400 for anything else or an empty body. */
    public static String markdown(JsonNode body, String field) {
        if (body == null || body.isMissingNode() || body.isNull()) {
            throw ApiException.badRequest(field + " is required: {\"markdown\": \"...\"} or {\"document\": {...}}");
        }
        if (!body.isObject()) {
            throw ApiException.badRequest(field + " must be an object: {\"markdown\": \"...\"} or {\"document\": {...}}");
        }
        String markdown;
        if (body.has("markdown")) {
            if (!body.get("markdown").isTextual()) {
                throw ApiException.badRequest(field + ".markdown must be a string");
            }
            markdown = body.get("markdown").asText();
        } else if (body.has("document")) {
            JsonNode document = body.get("document");
            if (!document.isObject() || !"document".equals(document.path("object").asText()) || !document.path("nodes").isArray()) {
                throw ApiException.badRequest(field + ".document must be a document: {\"object\": \"document\", \"nodes\": [...]}");
            }
            try {
                @SuppressWarnings("unchecked")
                Map<String, Object> map = JSON.convertValue(document, Map.class);
                markdown = MarkdownDocuments.toMarkdown(map);
            } catch (IllegalArgumentException e) {
                throw ApiException.badRequest(field + "." + e.getMessage());
            }
        } else {
            throw ApiException.badRequest(field + " must hold markdown or document");
        }
        if (markdown.isBlank()) {
            throw ApiException.badRequest(field + " must not be empty");
        }
        if (markdown.length() > MAX_MARKDOWN) {
            throw ApiException.badRequest(field + " is longer than " + MAX_MARKDOWN + " characters");
        }
        return markdown;
    }

    /** {@code format} query parameter: markdown (default) or document. */
    static boolean documentFormat(String format) {
        if (format == null || format.equals("markdown")) {
            return false;
        }
        if (format.equals("document")) {
            return true;
        }
        throw ApiException.badRequest("format must be markdown or document");
    }

    static Object render(String markdown, boolean document) {
        if (!document) {
            return Map.of("markdown", markdown);
        }
        try {
            return Map.of("document", MarkdownDocuments.toDocument(markdown));
        } catch (IllegalArgumentException e) {
            // stored markdown beyond the converter's limits still reads, as markdown
            return Map.of("markdown", markdown);
        }
    }
}
