package io.bindery.content.collections;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.json.JsonBody;

/** The body of {@code POST /orgs/{o}/collections}: a title ("Untitled" when absent or blank), a parent or the root. */
public record CreateCollectionRequest(String title, String parent) {

    public static CreateCollectionRequest from(JsonNode node) {
        JsonBody body = JsonBody.of(node);
        String title = body.string("title", 0, 50, true).filter(t -> !t.isEmpty()).orElse("Untitled");
        String parent = body.string("parent").orElse(null);
        return new CreateCollectionRequest(title, parent);
    }
}
