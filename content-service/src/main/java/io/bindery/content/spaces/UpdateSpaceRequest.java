package io.bindery.content.spaces;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import io.bindery.content.domain.EditMode;
import io.bindery.content.domain.SpaceSettings;
import io.bindery.content.domain.Visibility;
import io.bindery.content.items.Change;

/**
 * The body of {@code PATCH /spaces/{s}}: a null field was absent (unchanged). Null in the body clears
 * {@code language} and sets {@code defaultLevel} to inherit (both {@code Change(null)}), makes {@code emoji}
 * empty, and is a 400 for the others. {@code mergeRules} is the validated object as compact JSON text.
 */
public record UpdateSpaceRequest(Change<String> title, Change<String> emoji, Change<EditMode> editMode,
                                 Change<String> language, Change<String> defaultLevel, Change<String> mergeRules,
                                 Change<Visibility> visibility) {

    public static UpdateSpaceRequest from(JsonNode node) {
        JsonBody body = JsonBody.of(node);
        Change<String> title = !body.has("title") ? null : new Change<>(body.string("title", 1, 50, true)
                .orElseThrow(() -> ApiException.badRequest("title must be a string of 1 to 50 characters")));
        Change<String> emoji = !body.has("emoji") ? null : new Change<>(body.string("emoji", 0, 50, false).orElse(""));
        Change<EditMode> editMode = !body.has("editMode") ? null : new Change<>(EditMode.parse(body.string("editMode").orElse(null)));
        Change<String> language = !body.has("language") ? null
                : new Change<>(body.string("language").map(v -> SpaceSettings.oneOf("language", v, SpaceSettings.LANGUAGES)).orElse(null));
        Change<String> defaultLevel = !body.has("defaultLevel") ? null : new Change<>(SpaceSettings.defaultLevel(body.raw("defaultLevel")));
        Change<String> mergeRules = !body.has("mergeRules") ? null : new Change<>(SpaceSettings.mergeRules(body.raw("mergeRules")));
        Change<Visibility> visibility = !body.has("visibility") ? null : new Change<>(Visibility.parse(body.string("visibility").orElse(null)));
        return new UpdateSpaceRequest(title, emoji, editMode, language, defaultLevel, mergeRules, visibility);
    }
}
