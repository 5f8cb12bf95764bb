package io.bindery.content.items;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

/**
 * The body of {@code POST /spaces/{s}/transfer} and {@code POST /collections/{c}/transfer}: the target
 * organization, and for a space an optional parent collection there (null: the root).
 */
public record TransferRequest(String organization, String parent) {
    static final String ID_SHAPE = "[a-zA-Z0-9_-]{1,100}";

    public static TransferRequest from(JsonNode node) {
        JsonBody body = JsonBody.of(node);
        String organization = body.string("organization").orElseThrow(() -> ApiException.badRequest("organization is required"));
        // an id's shape (GitBook's EntityId) before it goes into a call to identity
        if (!organization.matches(ID_SHAPE)) {
            throw ApiException.badRequest("organization must be an organization id (1 to 100 letters, digits, '-' or '_')");
        }
        String parent = body.string("parent").orElse(null);
        return new TransferRequest(organization, parent);
    }
}
