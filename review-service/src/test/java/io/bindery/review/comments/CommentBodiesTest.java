package io.bindery.review.comments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CommentBodiesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode json(String s) throws Exception {
        return JSON.readTree(s);
    }

    @Test
    void markdownIsKeptAndDocumentsBecomeMarkdown() throws Exception {
        assertEquals("Looks **good**", CommentBodies.markdown(json("{\"markdown\":\"Looks **good**\"}"), "body"));
        String doc = JSON.writeValueAsString(Map.of("document", io.bindery.document.MarkdownDocuments.toDocument("Fix *this* line")));
        assertEquals("Fix _this_ line", CommentBodies.markdown(json(doc), "body").strip());
    }

    @Test
    void badBodiesAre400NamingTheField() throws Exception {
        for (String bad : new String[]{"null", "\"text\"", "{}", "{\"markdown\":5}", "{\"markdown\":\"  \"}",
                "{\"document\":{\"object\":\"page\"}}", "{\"document\":{\"object\":\"document\",\"nodes\":[{\"object\":\"block\",\"type\":\"nope\"}]}}"}) {
            ApiException e = assertThrows(ApiException.class, () -> CommentBodies.markdown(json(bad), "body"), bad);
            assertEquals(400, e.status());
            assertTrue(e.getMessage().startsWith("body"), e.getMessage());
        }
        ApiException tooLong = assertThrows(ApiException.class, () -> CommentBodies.markdown(
                JSON.valueToTree(Map.of("markdown", "x".repeat(CommentBodies.MAX_MARKDOWN + 1))), "body"));
        assertEquals(400, tooLong.status());
    }

    @Test
    void formatIsMarkdownOrDocument() {
        assertEquals(false, CommentBodies.documentFormat(null));
        assertEquals(true, CommentBodies.documentFormat("document"));
        assertThrows(ApiException.class, () -> CommentBodies.documentFormat("html"));
        assertEquals(Map.of("markdown", "a"), CommentBodies.render("a", false));
        assertTrue(((Map<?, ?>) CommentBodies.render("a", true)).containsKey("document"));
    }
}
