package io.bindery.content.templates;

import org.junit.jupiter.api.Test;

import java.util.stream.Collectors;

import static io.bindery.content.RequestAssertions.json;
import static io.bindery.content.RequestAssertions.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The template bodies: a known catalogue id, params an object if given, an optional change request or author. */
class TemplateRequestTest {
    private static final String CATALOGUE = TemplateCatalogue.all().stream().map(Template::id).collect(Collectors.joining(", "));

    @Test
    void aKnownTemplate() {
        TemplateRequest r = TemplateRequest.from(json("{\"id\":\"api-reference\",\"params\":{}}"));
        assertEquals("api-reference", r.template().id());
        assertNull(r.changeRequestId());
        assertEquals("cr", TemplateRequest.from(json("{\"id\":\"api-reference\",\"changeRequestId\":\"cr\"}")).changeRequestId());
        assertEquals(new BranchTemplateRequest(r.template(), "usr"), BranchTemplateRequest.from(json("{\"id\":\"api-reference\",\"createdBy\":\" usr \"}")));
    }

    @Test
    void rules() {
        rejects(400, "id is required: one of " + CATALOGUE, () -> TemplateRequest.from(json("{}")));
        rejects(400, "id: no template \"nope\"; the catalogue has " + CATALOGUE, () -> TemplateRequest.from(json("{\"id\":\"nope\"}")));
        rejects(400, "field 'params' has the wrong type: expected object", () -> TemplateRequest.from(json("{\"id\":\"api-reference\",\"params\":1}")));
        rejects(400, "field 'changeRequestId' has the wrong type: expected string",
                () -> TemplateRequest.from(json("{\"id\":\"api-reference\",\"changeRequestId\":1}")));
        rejects(400, "createdBy must be between 1 and 256 characters", () -> BranchTemplateRequest.from(json("{\"id\":\"api-reference\",\"createdBy\":\" \"}")));
    }
}
