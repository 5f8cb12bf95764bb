package io.bindery.content.items;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

/**
 * The body of {@code POST /spaces/{s}/transfer} and {@code POST /collections/{c}/transfer}: the target
 * organization, and for a space an optional parent collection there (null: the root).
 */
public record TransferRequest(String organization, String parent) {

    public static TransferRequest from(JsonNode node) {
        JsonBody body = JsonBody.of(node);
        String organization = body.string("organization").orElseThrow(() -> ApiException.badRequest("organization is required"));
        String parent = body.string("parent").orElse(null);
        return new TransferRequest(organization, parent);
    }
}
