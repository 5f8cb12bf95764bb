package io.bindery.sites.structure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.api.Test;

import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fields of GitBook 0.202.0 that sections and section groups do not implement: a value of the wrong type is a 400
 * naming the field, a right-typed one is accepted and ignored (issue 28, FINDINGS.md F1).
 */
class IgnoredFieldsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    static void refused(Consumer<JsonNode> parse, String body, String field) {
        ApiException e = assertThrows(ApiException.class, () -> parse.accept(json(body)), body);
        assertEquals(400, e.status(), body);
        assertTrue(e.getMessage().contains(field), e.getMessage());
    }

    static void accepted(Consumer<JsonNode> parse, String body) {
        assertDoesNotThrow(() -> parse.accept(json(body)), body);
    }

    @Test
    void createSection() {
        Consumer<JsonNode> parse = StructureRequests.CreateSection::from;
        for (String field : new String[]{"template", "draft", "pageId", "siteSectionGroupId"}) {
            refused(parse, "{\"spaceId\":\"sp1\",\"" + field + "\":12345}", field);
        }
        refused(parse, "{\"spaceId\":\"sp1\",\"template\":\"product-docs\"}", "template");
        refused(parse, "{\"spaceId\":\"sp1\",\"draft\":\"yes\"}", "draft");
        accepted(parse, "{\"spaceId\":\"sp1\",\"title\":\"Guides\",\"template\":{\"id\":\"t\"},\"draft\":true,\"pageId\":\"p1\","
                + "\"siteSectionGroupId\":\"g1\"}");
        accepted(parse, "{\"spaceId\":null,\"template\":null,\"draft\":null,\"pageId\":null,\"siteSectionGroupId\":null}");
    }

    @Test
    void updateSection() {
        Consumer<JsonNode> parse = StructureRequests.UpdateSection::from;
        for (String field : new String[]{"localizedTitle", "draft", "localizedDescription", "siteSectionGroupId"}) {
            refused(parse, "{\"" + field + "\":12345}", field);
        }
        refused(parse, "{\"localizedTitle\":{\"en\":5}}", "localizedTitle");
        refused(parse, "{\"localizedTitle\":{\"fr\":\"" + "t".repeat(129) + "\"}}", "localizedTitle.fr");
        refused(parse, "{\"localizedDescription\":[\"a\"]}", "localizedDescription");
        accepted(parse, "{\"localizedTitle\":{\"en\":\"Guides\",\"fr\":\"Guides\"},\"localizedDescription\":{\"en\":\"" + "d".repeat(256)
                + "\"},\"draft\":false,\"siteSectionGroupId\":\"g1\"}");
        accepted(parse, "{\"siteSectionGroupId\":null,\"localizedTitle\":{}}");
        assertEquals("Guides", StructureRequests.UpdateSection.from(json("{\"title\":\"Guides\",\"draft\":true}")).title().orElseThrow());
    }

    @Test
    void createGroup() {
        Consumer<JsonNode> parse = StructureRequests.CreateGroup::from;
        refused(parse, "{\"title\":\"Group\",\"draft\":12345}", "draft");
        accepted(parse, "{\"title\":\"Group\",\"draft\":true}");
    }

    @Test
    void updateGroup() {
        Consumer<JsonNode> parse = StructureRequests.UpdateGroup::from;
        for (String field : new String[]{"localizedTitle", "draft", "parentSectionGroupId"}) {
            refused(parse, "{\"" + field + "\":12345}", field);
        }
        refused(parse, "{\"parentSectionGroupId\":{\"id\":\"g\"}}", "parentSectionGroupId");
        accepted(parse, "{\"localizedTitle\":{\"de\":\"Gruppe\"},\"draft\":false,\"parentSectionGroupId\":\"g2\"}");
        accepted(parse, "{\"parentSectionGroupId\":null}");
    }
}
