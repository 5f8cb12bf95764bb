package io.bindery.openapi.versions;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Diffs of summaries: what is added, removed and changed, and what breaks. */
class DiffsTest {
    static Summary.Op op(String id, List<String> required, Map<String, List<String>> responses) {
        return new Summary.Op(id, required, responses);
    }

    static final Map<String, List<String>> OK_PET = Map.of("200", List.of("application/json: Pet"));

    @Test
    void removedOperationsNewRequiredParametersAndChangedResponseTypesBreak() {
        Summary before = new Summary("3.0.3", "t", "1", Map.of(
                "GET /pets", op("list", List.of(), OK_PET),
                "DELETE /pets/{id}", op("del", List.of("path:id"), Map.of("204", List.of())),
                "GET /pets/{id}", op("get", List.of("path:id"), OK_PET)),
                Map.of("Pet", "a", "Old", "b"));
        Summary after = new Summary("3.0.3", "t", "2", Map.of(
                "GET /pets", op("list", List.of("query:limit"), OK_PET),
                "GET /pets/{id}", op("get", List.of("path:id"), Map.of("200", List.of("application/json: string"))),
                "POST /pets", op("create", List.of("body"), Map.of("201", List.of()))),
                Map.of("Pet", "c", "New", "d"));
        DiffView d = Diffs.diff("v2", after, "v1", before);
        assertTrue(d.breaking());
        assertEquals(3, d.breakingChanges());
        assertEquals("DELETE", d.operations().removed().get(0).method());
        assertEquals("/pets/{id}", d.operations().removed().get(0).path());
        assertEquals("POST", d.operations().added().get(0).method());
        assertFalse(d.operations().added().get(0).breaking());
        assertEquals(2, d.operations().changed().size());
        assertEquals(List.of("parameter-required"), d.operations().changed().stream()
                .filter(c -> c.path().equals("/pets")).findFirst().orElseThrow().changes().stream()
                .map(DiffView.Change::kind).toList());
        assertEquals(List.of("response-type-changed"), d.operations().changed().stream()
                .filter(c -> c.path().equals("/pets/{id}")).findFirst().orElseThrow().changes().stream()
                .map(DiffView.Change::kind).toList());
        assertEquals(List.of("New"), d.schemas().added());
        assertEquals(List.of("Old"), d.schemas().removed());
        assertEquals(List.of("Pet"), d.schemas().changed());
    }

    @Test
    void addingAndRelaxingBreaksNothing() {
        Summary before = new Summary("3.1.0", "t", "1", Map.of(
                "GET /a", op("a", List.of("query:q"), Map.of("200", List.of("application/json: object")))), Map.of());
        Summary after = new Summary("3.1.0", "t", "1", Map.of(
                "GET /a", op("a", List.of(), Map.of("200", List.of("application/json: object"), "404", List.of())),
                "GET /b", op("b", List.of(), Map.of())), Map.of());
        DiffView d = Diffs.diff("v2", after, "v1", before);
        assertFalse(d.breaking());
        assertEquals(0, d.breakingChanges());
        assertEquals(List.of("parameter-optional", "response-added"), d.operations().changed().get(0).changes().stream()
                .map(DiffView.Change::kind).toList());
    }

    @Test
    void removingASuccessResponseBreaksAndAnErrorResponseDoesNot() {
        Summary before = new Summary("3.0.0", "t", "1", Map.of(
                "GET /a", op("a", List.of(), Map.of("200", List.of(), "404", List.of()))), Map.of());
        Summary after = new Summary("3.0.0", "t", "1", Map.of("GET /a", op("a", List.of(), Map.of())), Map.of());
        DiffView d = Diffs.diff("v2", after, "v1", before);
        assertEquals(1, d.breakingChanges());
    }

    @Test
    void theContentHashIgnoresFileOrderAndLineEnds() {
        String a = Summary.contentHash(List.of(new String[]{"a.yaml", "x: 1\r\ny: 2\n"}, new String[]{"b.yaml", "z"}));
        String b = Summary.contentHash(List.of(new String[]{"b.yaml", "z"}, new String[]{"a.yaml", "x: 1\ny: 2\n"}));
        String c = Summary.contentHash(List.of(new String[]{"b.yaml", "z"}, new String[]{"a.yaml", "x: 1\ny: 3\n"}));
        assertEquals(a, b);
        assertFalse(a.equals(c));
        String big = "é€𝄞".repeat(10_000);
        assertFalse(Summary.contentHash(List.<String[]>of(new String[]{"a", big})).equals(
                Summary.contentHash(List.<String[]>of(new String[]{"a", big + "x"}))));
    }

    /** The hash as it is defined: SHA-256 of each file's path, NUL, its UTF-8 text with CRLF made LF, NUL. */
    private static String reference(String path, String text) throws Exception {
        java.security.MessageDigest digest = java.security.MessageDigest.getInstance("SHA-256");
        digest.update(path.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        digest.update((byte) 0);
        digest.update(text.replace("\r\n", "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        digest.update((byte) 0);
        return java.util.HexFormat.of().formatHex(digest.digest());
    }

    @Test
    void theStreamedContentHashIsTheSameWhereverTheReadsEnd() throws Exception {
        String pad = "x".repeat(8190);
        for (String text : List.of("", "a\r\nb\r", "\r\r\n\r", pad + "\r\n" + pad + "é€𝄞\r\n",
                pad + "𝄞".repeat(3) + "\r", "é€𝄞".repeat(5_000) + "\r\nend")) {
            String expected = reference("spec.yaml", text);
            assertEquals(expected, Summary.contentHash(List.<String[]>of(new String[]{"spec.yaml", text})));
            // a reader that gives one char at a time: a CR and its LF, or a surrogate pair, are read apart
            Summary.HashedFile slow = new Summary.HashedFile("spec.yaml", () -> new java.io.Reader() {
                int at;

                @Override
                public int read(char[] buf, int off, int len) {
                    if (at >= text.length()) {
                        return -1;
                    }
                    buf[off] = text.charAt(at++);
                    return 1;
                }

                @Override
                public void close() {
                }
            });
            assertEquals(expected, Summary.contentHashOf(List.of(slow)));
        }
    }
}
