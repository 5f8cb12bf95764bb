package io.bindery.review.changerequests;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GitBook 0.202.0's links of a change request PATCH, which Bindery does not keep: a wrong value is a 400 naming the
 * field, a documented one is accepted and ignored (issue 28, FINDINGS.md F1).
 */
class ChangeRequestLinksTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static void check(String body) throws Exception {
        ChangeRequests.checkLinks(JsonBody.of(JSON.readTree(body)));
    }

    @Test
    void wrongLinksAreRefusedNamingTheField() {
        String link = "{\"ref\":{\"kind\":\"url\",\"url\":\"https://example.com\"}}";
        for (String body : new String[]{"{\"links\":12345}", "{\"links\":\"https://example.com\"}", "{\"links\":[12345]}",
                "{\"links\":[{}]}", "{\"links\":[{\"ref\":{\"kind\":\"page\",\"page\":\"p\"}}]}",
                "{\"links\":[{\"ref\":{\"kind\":\"url\",\"url\":\"u\"},\"title\":\"" + "t".repeat(129) + "\"}]}",
                "{\"links\":[" + (link + ",").repeat(10) + link + "]}"}) {
            ApiException e = assertThrows(ApiException.class, () -> check(body), body);
            assertEquals(400, e.status(), body);
            assertTrue(e.getMessage().contains("links") || e.getMessage().contains("title"), e.getMessage());
        }
    }

    @Test
    void documentedLinksAreAccepted() {
        assertDoesNotThrow(() -> check("{\"links\":[{\"id\":\"l1\",\"ref\":{\"kind\":\"url\",\"url\":\"https://example.com\"},"
                + "\"title\":\"Issue 28\"}]}"));
        assertDoesNotThrow(() -> check("{\"links\":[]}"));
        assertDoesNotThrow(() -> check("{\"links\":null,\"subject\":\"s\"}"));
        assertDoesNotThrow(() -> check("{}"));
    }
}
