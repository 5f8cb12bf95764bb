package io.bindery.insights.instructions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import io.bindery.document.MarkdownDocuments;

import java.util.Map;

/**
 * Rich-text fields (agent instructions, translation instructions) are stored as markdown. Clients send GitBook's
 * JSON document itself ({@code {"object": "document", "nodes": [...]}}) as GitBook's API takes it, or, as comments
 * take bodies, {@code {"markdown": "..."}} or {@code {"document": {...}}}; they read the document back.
 */
public final class RichText {
    static final int MAX_MARKDOWN = 65_536;
    private static final ObjectMapper JSON = new ObjectMapper();

    private RichText() {
    }

    /** The markdown of a rich-text field; 400 naming {@code field} for anything else. Empty is allowed when asked. */
    public static String markdown(JsonNode value, String field, boolean allowEmpty) {
        if (value == null || value.isMissingNode() || value.isNull()) {
            throw ApiException.badRequest(field + " is required: a document {\"object\": \"document\", \"nodes\": [...]}"
                    + " or {\"markdown\": \"...\"}");
        }
        if (!value.isObject()) {
            throw ApiException.badRequest(field + " must be a document {\"object\": \"document\", \"nodes\": [...]}"
                    + " or {\"markdown\": \"...\"}");
        }
        String markdown;
        if (value.has("markdown")) {
            if (!value.get("markdown").isTextual()) {
                throw ApiException.badRequest(field + ".markdown must be a string");
            }
            markdown = value.get("markdown").asText();
        } else {
            JsonNode document = value.has("document") ? value.get("document") : value;
            String path = value.has("document") ? field + ".document" : field;
            if (!document.isObject() || !"document".equals(document.path("object").asText())
                    || !document.path("nodes").isArray()) {
                throw ApiException.badRequest(path + " must be a document: {\"object\": \"document\", \"nodes\": [...]}");
            }
            try {
                @SuppressWarnings("unchecked")
                Map<String, Object> map = JSON.convertValue(document, Map.class);
                markdown = MarkdownDocuments.toMarkdown(map);
            } catch (IllegalArgumentException e) {
                throw ApiException.badRequest(path + "." + e.getMessage().replaceFirst("^document:? ?", ""));
            }
        }
        if (!allowEmpty && markdown.isBlank()) {
            throw ApiException.badRequest(field + " must not be empty");
        }
        if (markdown.length() > MAX_MARKDOWN) {
            throw ApiException.badRequest(field + " is longer than " + MAX_MARKDOWN + " characters");
        }
        return markdown;
    }

    /** GitBook's JSON document of stored markdown. */
    public static Map<String, Object> document(String markdown) {
        return MarkdownDocuments.toDocument(markdown == null ? "" : markdown);
    }
}
