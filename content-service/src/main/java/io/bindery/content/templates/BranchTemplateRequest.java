package io.bindery.content.templates;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.json.JsonBody;

/**
 * The body of the internal {@code POST /internal/spaces/{s}/branches/{b}/template}: {@code id} (a template of the
 * catalogue, as in {@link TemplateRequest}) and optional {@code createdBy}, recorded as the author of the new head.
 */
public record BranchTemplateRequest(Template template, String createdBy) {

    public static BranchTemplateRequest from(JsonNode node) {
        JsonBody body = JsonBody.of(node);
        Template template = TemplateRequest.template(body);
        return new BranchTemplateRequest(template, body.string("createdBy", 1, 256, true).orElse(null));
    }
}
