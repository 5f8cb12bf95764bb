package io.bindery.content.collections;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import io.bindery.content.domain.SpaceSettings;
import io.bindery.content.items.Change;

/**
 * The body of {@code PATCH /collections/{c}}: a null field was absent (unchanged). Null in the body clears
 * {@code description} and sets {@code defaultLevel} to inherit (both {@code Change(null)}); a null title is a 400.
 */
public record UpdateCollectionRequest(Change<String> title, Change<String> description, Change<String> defaultLevel) {

    public static UpdateCollectionRequest from(JsonNode node) {
        JsonBody body = JsonBody.of(node);
        Change<String> title = !body.has("title") ? null : new Change<>(body.string("title", 1, 50, true)
                .orElseThrow(() -> ApiException.badRequest("title must be a string of 1 to 50 characters")));
        Change<String> description = !body.has("description") ? null
                : new Change<>(body.string("description", 0, 100, false).orElse(null));
        Change<String> defaultLevel = !body.has("defaultLevel") ? null : new Change<>(SpaceSettings.defaultLevel(body.raw("defaultLevel")));
        return new UpdateCollectionRequest(title, description, defaultLevel);
    }
}
