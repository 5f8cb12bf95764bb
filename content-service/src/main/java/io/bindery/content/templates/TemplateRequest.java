package io.bindery.content.templates;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

import java.util.stream.Collectors;

/**
 * The body of {@code POST /spaces/{s}/content/template}: {@code id}, a template of the built-in catalogue, and
 * optional {@code changeRequestId} (the template goes into that change request instead of the live content).
 * {@code params} (contentRefs for computed templates, which this catalogue has none of) must be an object if given.
 */
public record TemplateRequest(Template template, String changeRequestId) {

    public static TemplateRequest from(JsonNode node) {
        JsonBody body = JsonBody.of(node);
        Template template = template(body);
        return new TemplateRequest(template, body.string("changeRequestId").orElse(null));
    }

    /** {@code params} checked, then {@code id}: required and in the catalogue, else a 400 listing the catalogue. */
    static Template template(JsonBody body) {
        body.object("params");
        return template(body.string("id").orElse(null));
    }

    static Template template(String id) {
        if (id == null) {
            throw ApiException.badRequest("id is required: one of "
                    + TemplateCatalogue.all().stream().map(Template::id).collect(Collectors.joining(", ")));
        }
        return TemplateCatalogue.find(id).orElseThrow(() -> ApiException.badRequest("id: no template \"" + id
                + "\"; the catalogue has " + TemplateCatalogue.all().stream().map(Template::id).collect(Collectors.joining(", "))));
    }
}
