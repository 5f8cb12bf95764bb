package io.bindery.openapi.specs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The request records, without Quarkus: every field's rule and its 400. */
class SpecRequestsTest {
    static final ObjectMapper JSON = new ObjectMapper();

    static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    static ApiException bad(Runnable r) {
        ApiException e = assertThrows(ApiException.class, r::run);
        assertEquals(400, e.status());
        return e;
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "petstore", "pet-store-v2", "A1-b2-C3"})
    void slugsOfAlphanumericGroupsAreAccepted(String slug) {
        SpecRequests.checkSlug(slug);
        SpecRequests.checkSlug(slug.repeat(100).substring(0, Math.min(100, slug.length())));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-a", "a-", "a--b", "a_b", "a b", "é", "a/b", "a.b"})
    void otherSlugsAreRefused(String slug) {
        bad(() -> SpecRequests.checkSlug(slug));
    }

    @Test
    void aSlugIsAtMost100Characters() {
        SpecRequests.checkSlug("a".repeat(100));
        assertTrue(bad(() -> SpecRequests.checkSlug("a".repeat(101))).getMessage().contains("100"));
    }

    @Test
    void aSourceIsAUrlOrText() throws Exception {
        SpecRequests.Create c = SpecRequests.Create.from(json("{\"slug\":\"s\",\"source\":{\"url\":\"https://x.example/a.yaml\"}}"), 10);
        assertEquals("https://x.example/a.yaml", c.source().url());
        assertNull(c.source().text());
        SpecRequests.Put p = SpecRequests.Put.from(json("{\"source\":{\"text\":\"openapi: 3.0.0\"}}"), 100);
        assertEquals("openapi: 3.0.0", p.source().text());
    }

    @Test
    void badSourcesAre400s() {
        for (String body : new String[]{"{}", "{\"source\":null}", "{\"source\":\"https://x\"}", "{\"source\":{}}",
                "{\"source\":{\"url\":\"https://x.example\",\"text\":\"a\"}}", "{\"source\":{\"text\":\"\"}}",
                "{\"source\":{\"text\":12}}", "{\"source\":{\"url\":\"ftp://x.example/a\"}}",
                "{\"source\":{\"url\":\"/relative\"}}", "{\"source\":{\"url\":\"http:// x\"}}",
                "{\"source\":{\"url\":\"https://x.example\",\"other\":1}}", "[]"}) {
            bad(() -> {
                try {
                    SpecRequests.Put.from(json(body), 100);
                } catch (ApiException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
        }
    }

    @Test
    void urlsAreAtMost2048Characters() throws Exception {
        String base = "https://x.example/";
        String ok = base + "a".repeat(2048 - base.length());
        assertEquals(ok, SpecRequests.Put.from(json("{\"source\":{\"url\":\"" + ok + "\"}}"), 1).source().url());
        bad(() -> SpecSource.checkUrl(ok + "a"));
    }

    @Test
    void textIsLimited() throws Exception {
        SpecRequests.Put.from(json("{\"source\":{\"text\":\"12345\"}}"), 5);
        JsonNode over = json("{\"source\":{\"text\":\"123456\"}}");
        bad(() -> SpecRequests.Put.from(over, 5));
    }

    @Test
    void visibilityIsPrivateOrPublic() throws Exception {
        assertEquals(SpecVisibility.PUBLIC, SpecRequests.Visibility.from(json("{\"visibility\":\"public\"}")).visibility());
        assertEquals(SpecVisibility.PRIVATE, SpecRequests.Visibility.from(json("{\"visibility\":\"private\"}")).visibility());
        JsonNode unlisted = json("{\"visibility\":\"unlisted\"}");
        assertTrue(bad(() -> SpecRequests.Visibility.from(unlisted)).getMessage().contains("private, public"));
        JsonNode none = json("{}");
        bad(() -> SpecRequests.Visibility.from(none));
        JsonNode number = json("{\"visibility\":1}");
        bad(() -> SpecRequests.Visibility.from(number));
    }
}
