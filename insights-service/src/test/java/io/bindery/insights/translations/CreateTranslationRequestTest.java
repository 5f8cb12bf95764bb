package io.bindery.insights.translations;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The body of POST /orgs/{o}/translations, without Quarkus. */
class CreateTranslationRequestTest {
    static ApiException refused(String json) {
        return assertThrows(ApiException.class, () -> CreateTranslationRequest.from(new ObjectMapper().readTree(json)));
    }

    @Test
    void aRefusedLanguageIsNamedBesideTheAllowedOnes() {
        ApiException e = refused("{\"source\":{\"space\":\"s1\",\"language\":\"en\"},\"language\":\"tlh\"}");
        assertEquals(400, e.status());
        assertTrue(e.getMessage().startsWith("language 'tlh' is not a supported language: it must be one of en, fr"),
                e.getMessage());
        e = refused("{\"source\":{\"space\":\"s1\",\"language\":\"EN\"},\"language\":\"fr\"}");
        assertTrue(e.getMessage().startsWith("source.language 'EN' is not"), e.getMessage());
        e = refused("{\"source\":{\"space\":\"s1\",\"language\":\"en\"},\"language\":\"" + "x".repeat(500) + "\"}");
        assertTrue(e.getMessage().startsWith("language '" + "x".repeat(40) + "…' is not"), e.getMessage());
        assertEquals("fr", CreateTranslationRequest.from(new ObjectMapper().createObjectNode()
                .<com.fasterxml.jackson.databind.node.ObjectNode>set("source", new ObjectMapper().createObjectNode()
                        .put("space", "s1").put("language", "en")).put("language", "fr")).language());
    }
}
