package io.bindery.openapi.processing;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one-pass reader: trees, $refs, YAML aliases and merge keys, errors with locations; URL helpers. */
class LeanTreeTest {
    @Test
    void readsYamlAndJsonCollectingExternalRefsAndLeavingProseOut() {
        LeanTree.Doc doc = LeanTree.read("""
                openapi: 3.0.3
                info: {title: T, version: '1', description: long prose}
                paths:
                  /a:
                    get:
                      summary: words
                      responses:
                        '200':
                          description: ok
                          content:
                            application/json:
                              schema: {$ref: 'schemas.yaml#/A'}
                        '404': {$ref: '#/components/responses/NotFound'}
                """, "http://h/x.yaml");
        JsonNode tree = doc.tree();
        assertEquals("3.0.3", tree.path("openapi").asText());
        assertEquals("", tree.path("info").path("description").asText());
        assertEquals("T", tree.path("info").path("title").asText());
        assertEquals(Set.of("schemas.yaml#/A"), doc.externalRefs());
        assertEquals(2, doc.refHolders().size());
        LeanTree.Doc json = LeanTree.read("{\"swagger\":\"2.0\",\"paths\":{\"/a\":{\"$ref\":\"http://o/p.json\"}}}", "u");
        assertEquals(Set.of("http://o/p.json"), json.externalRefs());
    }

    @Test
    void yamlAnchorsAliasesAndMergeKeys() {
        JsonNode tree = LeanTree.read("""
                base: &base {type: object, required: [id]}
                copy: *base
                merged:
                  <<: *base
                  type: string
                """, "u").tree();
        assertEquals("object", tree.path("copy").path("type").asText());
        assertEquals("string", tree.path("merged").path("type").asText());
        assertEquals("id", tree.path("merged").path("required").path(0).asText());
    }

    @Test
    void aDocumentOfMoreNodesThanTheHeapCanParseIsRefused() {
        String yaml = "openapi: 3.0.0\npaths:\n  /a: {get: {responses: {'200': {description: ok}}}}\n";
        assertEquals(8, LeanTree.read(yaml, "u", 8).nodes());
        ProcessingFailure f = assertThrows(ProcessingFailure.class, () -> LeanTree.read(yaml, "http://h/s.yaml", 7));
        assertEquals("FETCH_ERROR", f.code().wire());
        assertTrue(f.errors().get(0).message().contains("memory"), f.getMessage());
        // the budget follows the heap: about 90,000 nodes at the 56 MB openapi-service runs with
        assertEquals(Math.min(LeanTree.MAX_EXPANDED_NODES, Runtime.getRuntime().maxMemory() / 640), LeanTree.nodeBudget());
    }

    @Test
    void anAliasBombIsRefused() {
        StringBuilder yaml = new StringBuilder("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for (int i = 1; i < 10; i++) {
            yaml.append("a").append(i).append(": &a").append(i).append(" [");
            for (int j = 0; j < 10; j++) {
                yaml.append(j == 0 ? "" : ", ").append("*a").append(i - 1);
            }
            yaml.append("]\n");
        }
        ProcessingFailure f = assertThrows(ProcessingFailure.class, () -> LeanTree.read(yaml.toString(), "u"));
        assertTrue(f.errors().get(0).message().contains("aliases"), f.getMessage());
    }

    @Test
    void syntaxErrorsSayWhere() {
        ProcessingFailure f = assertThrows(ProcessingFailure.class,
                () -> LeanTree.read("openapi: 3.0.0\ninfo:\n  title: [oops\n", "http://h/s.yaml"));
        assertEquals("PARSE_ERROR", f.code().wire());
        assertTrue(f.errors().get(0).location().matches("http://h/s.yaml:\\d+:\\d+"), f.errors().get(0).location());
        assertThrows(ProcessingFailure.class, () -> LeanTree.read("- a list\n", "u"));
        assertThrows(ProcessingFailure.class, () -> LeanTree.read("", "u"));
    }

    @Test
    void pathsAndRefsResolveAsUrlsDo() {
        URI entry = URI.create("http://h/api/v1/openapi.yaml");
        assertEquals("openapi.yaml", SpecFetcher.pathOf(entry, entry));
        assertEquals("schemas/pet.yaml", SpecFetcher.pathOf(entry, URI.create("http://h/api/v1/schemas/pet.yaml")));
        assertEquals("http://h/api/common.yaml", SpecFetcher.pathOf(entry, URI.create("http://h/api/common.yaml")));
        assertEquals("http://o/x.yaml", SpecFetcher.pathOf(entry, URI.create("http://o/x.yaml")));
        assertEquals("http://h/api/common.yaml", SpecFetcher.resolve(entry, "../common.yaml#/A", "e"));
        assertEquals("https://o/p.json", SpecFetcher.resolve(entry, "https://o/p.json#/x", "e"));
        assertEquals("FETCH_ERROR", assertThrows(ProcessingFailure.class,
                () -> SpecFetcher.resolve(entry, "file:///etc/passwd", "e")).code().wire());
    }

    @Test
    void theFetchBudgetIsTheLimitButNoMoreThanATenthOfTheHeap() {
        assertEquals(1000, SpecFetcher.budget(1000));
        assertEquals(Runtime.getRuntime().maxMemory() / 10, SpecFetcher.budget(Long.MAX_VALUE));
        assertEquals("aé€𝄞".getBytes(java.nio.charset.StandardCharsets.UTF_8).length, SpecFetcher.utf8Length("aé€𝄞"));
    }
}
