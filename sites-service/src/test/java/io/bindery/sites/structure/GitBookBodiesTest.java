package io.bindery.sites.structure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bodies GitBook's 0.202.0 document allows that issue 28's acceptance sweep found refused: a move without a
 * position (the body's position is optional), and a section with both a space and a template (the template is
 * only for a new space, spaceId null).
 */
class GitBookBodiesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    @Test
    void aMoveWithoutAPositionIsAMoveToTheEnd() throws Exception {
        assertTrue(StructureRequests.Move.optional(json("{}")).isEmpty());
        assertTrue(StructureRequests.Move.optional(null).isEmpty());
        assertTrue(StructureRequests.Move.optional(json("{\"position\":{\"before\":{\"type\":\"site-section\",\"id\":\"s1\"}}}")).isPresent());
    }

    @Test
    void aTemplateBesideASpaceIsNotATemplateSection() throws Exception {
        assertFalse(StructureRequests.CreateSection.from(json("{\"spaceId\":\"sp1\",\"template\":{\"id\":\"t\"}}")).template());
        assertTrue(StructureRequests.CreateSection.from(json("{\"spaceId\":null,\"template\":{\"id\":\"t\"}}")).template());
    }
}
