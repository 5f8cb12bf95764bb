package io.bindery.content.spaces;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import io.bindery.content.domain.EditMode;
import io.bindery.content.domain.SpaceSettings;
import io.bindery.content.domain.Visibility;

/**
 * The body of {@code POST /orgs/{o}/spaces}: every field optional; a title that is absent or blank is "Untitled",
 * parent absent puts the space at the organization's root. {@code template} and {@code computedSource} are not
 * available yet (501).
 */
public record CreateSpaceRequest(String title, String emoji, String parent, String language, Visibility visibility,
                                 EditMode editMode) {

    public static CreateSpaceRequest from(JsonNode node) {
        JsonBody body = JsonBody.of(node);
        if (!body.isNull("template") && body.has("template") || !body.isNull("computedSource") && body.has("computedSource")) {
            throw ApiException.notImplemented("creating a space from a template or a computed source is not available yet: "
                    + "create the space, then write its content");
        }
        String title = body.string("title", 0, 50, true).filter(t -> !t.isEmpty()).orElse("Untitled");
        String emoji = body.string("emoji", 0, 50, false).orElse("");
        String parent = body.string("parent").orElse(null);
        String language = body.string("language").map(l -> SpaceSettings.oneOf("language", l, SpaceSettings.LANGUAGES)).orElse(null);
        Visibility visibility = body.string("visibility").map(Visibility::parse).orElse(Visibility.PRIVATE);
        EditMode editMode = body.string("editMode").map(EditMode::parse).orElse(EditMode.LIVE);
        if (parent == null && visibility == Visibility.IN_COLLECTION) {
            throw ApiException.badRequest("visibility: in-collection is only for spaces in a collection (give parent)");
        }
        return new CreateSpaceRequest(title, emoji, parent, language, visibility, editMode);
    }
}
