package io.bindery.sites.sites;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GitBook 0.202.0's defaultLevel and styleguide, which Bindery's sites do not have: a wrong value is a 400 naming
 * the field, a right one is accepted and changes nothing (issue 28, FINDINGS.md F1).
 */
class UpdateSiteRequestTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static UpdateSiteRequest parse(String body) throws Exception {
        return UpdateSiteRequest.from(JSON.readTree(body));
    }

    @Test
    void defaultLevelAndStyleguideOfTheWrongTypeAreRefused() {
        for (String body : new String[]{"{\"defaultLevel\":12345}", "{\"defaultLevel\":\"owner\"}", "{\"defaultLevel\":[\"read\"]}",
                "{\"styleguide\":12345}", "{\"styleguide\":{}}"}) {
            ApiException e = assertThrows(ApiException.class, () -> parse(body), body);
            assertEquals(400, e.status(), body);
            assertTrue(e.getMessage().contains(body.contains("defaultLevel") ? "defaultLevel" : "styleguide"), e.getMessage());
        }
    }

    @Test
    void rightTypedValuesAreAcceptedAndIgnored() throws Exception {
        for (String level : new String[]{"\"read\"", "\"admin\"", "\"inherit\"", "null"}) {
            assertFalse(parse("{\"defaultLevel\":" + level + ",\"styleguide\":\"Write plainly.\"}").changesSettings(), level);
        }
        assertFalse(parse("{\"styleguide\":null}").changesSettings());
        assertEquals("Docs", parse("{\"title\":\"Docs\",\"defaultLevel\":\"edit\"}").settings().title().orElseThrow());
    }
}
