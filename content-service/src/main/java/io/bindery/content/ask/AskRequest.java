package io.bindery.content.ask;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

import java.util.List;

/**
 * {@code POST /orgs/{o}/ask}: GitBook's SearchAIQuery body ({@code query}, 1 to 512 characters as search's; the
 * deprecated {@code previousQueries}, at most 10 strings, checked and not used) and the query parameters
 * {@code format} ({@code document}, the default, or {@code markdown}) and {@code details} (a boolean, accepted:
 * retrieval has no query details to add).
 */
public record AskRequest(String query, String format) {
    static final int MAX_QUERY = 512;
    static final int MAX_PREVIOUS = 10;

    public static AskRequest from(JsonNode node, String format, String details) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            throw ApiException.badRequest("a body {query} is required");
        }
        JsonBody body = JsonBody.of(node);
        String query = body.requiredString("query", 1, MAX_QUERY);
        List<String> previous = body.strings("previousQueries").orElse(List.of());
        if (previous.size() > MAX_PREVIOUS) {
            throw ApiException.badRequest("previousQueries: at most " + MAX_PREVIOUS);
        }
        String f = format == null || format.isEmpty() ? "document" : format;
        if (!f.equals("document") && !f.equals("markdown")) {
            throw ApiException.badRequest("format must be document or markdown");
        }
        if (details != null && !details.equals("true") && !details.equals("false")) {
            throw ApiException.badRequest("details must be true or false");
        }
        return new AskRequest(query, f);
    }
}
