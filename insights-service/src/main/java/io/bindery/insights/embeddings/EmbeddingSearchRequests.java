package io.bindery.insights.embeddings;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import io.bindery.contracts.insights.EmbeddingSearchRequest;

import java.util.LinkedHashSet;
import java.util.List;

/** The body of {@code POST /internal/embeddings/search} as its contract record, one rule per field. */
public final class EmbeddingSearchRequests {
    private static final String ID = "[A-Za-z0-9_-]{1,64}";

    private EmbeddingSearchRequests() {
    }

    public static EmbeddingSearchRequest from(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            throw ApiException.badRequest("a body is required: {organization, query, spaces?, limit?}");
        }
        JsonBody body = JsonBody.of(node);
        String organization = body.requiredString("organization", 1, 64);
        if (!organization.matches(ID)) {
            throw ApiException.badRequest("organization must be an organization id");
        }
        String query = body.requiredString("query", 1, EmbeddingSearchRequest.MAX_QUERY_CHARS);
        List<String> spaces = body.strings("spaces").orElse(null);
        if (spaces != null) {
            if (spaces.size() > EmbeddingSearchRequest.MAX_SPACES) {
                throw ApiException.badRequest("spaces must have at most " + EmbeddingSearchRequest.MAX_SPACES + " ids");
            }
            for (String s : spaces) {
                if (!s.matches(ID)) {
                    throw ApiException.badRequest("spaces must hold space ids");
                }
            }
            spaces = List.copyOf(new LinkedHashSet<>(spaces));
        }
        int limit = EmbeddingSearchRequest.DEFAULT_LIMIT;
        JsonNode l = body.raw("limit");
        if (l != null && !l.isNull()) {
            if (!l.isIntegralNumber()) {
                throw ApiException.badRequest("field 'limit' has the wrong type: expected integer");
            }
            if (!l.canConvertToInt() || l.asInt() < 1 || l.asInt() > EmbeddingSearchRequest.MAX_LIMIT) {
                throw ApiException.badRequest("limit must be between 1 and " + EmbeddingSearchRequest.MAX_LIMIT);
            }
            limit = l.asInt();
        }
        return new EmbeddingSearchRequest(organization, spaces, query, limit);
    }
}
