package io.bindery.content.items;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

/**
 * The body of {@code POST /spaces/{s}/move} and {@code POST /collections/{c}/move}: a new parent (null: the
 * organization's root; a null {@code parent} Change: stay in the same parent) and/or a position among the
 * parent's items, which {@link Placement} reads (null when absent).
 */
public record MoveRequest(Change<String> parent, JsonNode position) {

    public static MoveRequest from(JsonNode node) {
        JsonBody body = JsonBody.of(node);
        if (body.node().isEmpty()) {
            throw ApiException.badRequest("give parent and/or position");
        }
        Change<String> parent = body.has("parent") ? new Change<>(body.string("parent").orElse(null)) : null;
        return new MoveRequest(parent, body.raw("position"));
    }
}
