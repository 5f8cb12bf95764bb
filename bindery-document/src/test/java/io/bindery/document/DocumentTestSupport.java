package io.bindery.document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Builders, accessors and a GitBook schema check for document maps used across the tests. */
final class DocumentTestSupport {

    private DocumentTestSupport() {
    }

    // ---------------------------------------------------------------- building documents

    static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    static List<Object> list(Object... items) {
        return new ArrayList<>(Arrays.asList(items));
    }

    static Map<String, Object> doc(Object... blocks) {
        return map("object", "document", "data", map("schemaVersion", 1), "nodes", list(blocks));
    }

    static Map<String, Object> block(String type, Object... nodes) {
        return map("object", "block", "type", type, "data", map(), "nodes", list(nodes));
    }

    static Map<String, Object> paragraph(Object... inlines) {
        return block("paragraph", inlines);
    }

    static Map<String, Object> text(String value, String... marks) {
        return map("object", "text", "leaves", list(leaf(value, marks)));
    }

    static Map<String, Object> leaf(String value, String... marks) {
        List<Object> markNodes = new ArrayList<>();
        for (String mark : marks) {
            markNodes.add(map("object", "mark", "type", mark, "data", map()));
        }
        return map("object", "leaf", "text", value, "marks", markNodes);
    }

    static Map<String, Object> texts(Object... leaves) {
        return map("object", "text", "leaves", list(leaves));
    }

    static Map<String, Object> link(Map<String, Object> ref, Object... nodes) {
        return map("object", "inline", "type", "link", "data", map("ref", ref), "nodes", list(nodes));
    }

    static Map<String, Object> url(String url) {
        return map("kind", "url", "url", url);
    }

    // ---------------------------------------------------------------- reading documents

    /** The document without node keys, for comparing documents built at different times. */
    @SuppressWarnings("unchecked")
    static <T> T withoutKeys(T value) {
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> {
                if (!"key".equals(k)) {
                    copy.put(k, withoutKeys(v));
                }
            });
            return (T) copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>();
            list.forEach(item -> copy.add(withoutKeys(item)));
            return (T) copy;
        }
        return value;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> asMap(Object value) {
        assertInstanceOf(Map.class, value);
        return (Map<String, Object>) value;
    }

    @SuppressWarnings("unchecked")
    static List<Object> asList(Object value) {
        assertInstanceOf(List.class, value);
        return (List<Object>) value;
    }

    static List<Object> nodes(Map<String, Object> node) {
        return asList(node.get("nodes"));
    }

    static Map<String, Object> node(Map<String, Object> parent, int... path) {
        Map<String, Object> node = parent;
        for (int index : path) {
            node = asMap(nodes(node).get(index));
        }
        return node;
    }

    static Map<String, Object> data(Map<String, Object> node) {
        return asMap(node.get("data"));
    }

    /** The concatenated text of all leaves below {@code node}. */
    static String textOf(Object node) {
        StringBuilder text = new StringBuilder();
        collectText(node, text);
        return text.toString();
    }

    private static void collectText(Object node, StringBuilder text) {
        if (node instanceof Map<?, ?> map) {
            if ("leaf".equals(map.get("object"))) {
                text.append(map.get("text"));
            }
            map.values().forEach(value -> collectText(value, text));
        } else if (node instanceof List<?> list) {
            list.forEach(item -> collectText(item, text));
        }
    }

    /** Every JSON object below {@code root} (depth first), including root. */
    static List<Map<String, Object>> allObjects(Object root) {
        List<Map<String, Object>> all = new ArrayList<>();
        collectObjects(root, all);
        return all;
    }

    private static void collectObjects(Object value, List<Map<String, Object>> all) {
        if (value instanceof Map<?, ?> map) {
            all.add(asMap(map));
            map.values().forEach(v -> collectObjects(v, all));
        } else if (value instanceof List<?> list) {
            list.forEach(v -> collectObjects(v, all));
        }
    }

    static List<Map<String, Object>> nodesOfType(Object root, String type) {
        return allObjects(root).stream()
                .filter(n -> type.equals(n.get("type")) && ("block".equals(n.get("object")) || "inline".equals(n.get("object"))))
                .toList();
    }

    /** The deepest nesting of nodes (document.nodes[i] is 1), counting "nodes" and "fragments" levels. */
    static int depth(Object node) {
        int deepest = 0;
        if (node instanceof Map<?, ?> map) {
            for (String field : List.of("nodes", "fragments")) {
                if (map.get(field) instanceof List<?> children) {
                    for (Object child : children) {
                        deepest = Math.max(deepest, 1 + depth(child));
                    }
                }
            }
        }
        return deepest;
    }

    // ---------------------------------------------------------------- GitBook schema

    private static final Set<String> ESSENTIALS = Set.of("paragraph", "heading-1", "heading-2", "heading-3",
            "list-ordered", "list-unordered", "list-tasks", "divider");
    private static final Set<String> TOP_LEVEL = union(ESSENTIALS, Set.of("blockquote", "images", "code", "table", "hint"));
    private static final Set<String> LIST_ITEM = union(ESSENTIALS, Set.of("code", "hint", "blockquote", "math", "table"));
    private static final Set<String> QUOTE = union(ESSENTIALS, Set.of("blockquote"));
    private static final Set<String> MARKS = Set.of("bold", "italic", "code", "keyboard", "strikethrough", "color",
            "superscript", "subscript");

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new java.util.HashSet<>(a);
        all.addAll(b);
        return all;
    }

    /**
     * Checks a document against the parts of GitBook's published schema ({@code gitbook-spec schema …}) that
     * matter for the node types Bindery produces: required fields, {@code isVoid}, {@code data} fields, which
     * nodes each container may hold, content references, marks, and that keys are present and unique.
     */
    static void assertMatchesGitBookSchema(Map<String, Object> document) {
        assertEquals("document", document.get("object"));
        assertInstanceOf(Integer.class, data(document).get("schemaVersion"));
        Set<String> keys = new java.util.HashSet<>();
        for (Object block : nodes(document)) {
            checkBlock(asMap(block), TOP_LEVEL, "nodes", keys);
        }
    }

    private static void checkKey(Map<String, Object> node, String path, Set<String> keys) {
        Object key = node.get("key");
        assertInstanceOf(String.class, key, path + ".key");
        assertTrue(keys.add((String) key), path + ": duplicate key " + key);
    }

    private static void checkBlock(Map<String, Object> block, Set<String> allowed, String path, Set<String> keys) {
        assertEquals("block", block.get("object"), path);
        String type = (String) block.get("type");
        assertTrue(allowed.contains(type), path + ": " + type + " not allowed here (" + allowed + ")");
        checkKey(block, path, keys);
        Map<String, Object> data = asMap(block.get("data"));
        switch (type) {
            case "paragraph" -> {
                assertVoid(block, false, path);
                assertTrue(Set.of("align").containsAll(data.keySet()), path + ".data");
                checkInlines(nodes(block), path, keys, false);
            }
            case "heading-1", "heading-2", "heading-3" -> {
                assertVoid(block, false, path);
                checkInlines(nodes(block), path, keys, false);
            }
            case "list-ordered", "list-unordered" -> {
                assertVoid(block, false, path);
                if (type.equals("list-ordered")) {
                    assertTrue(Set.of("start").containsAll(data.keySet()), path + ".data");
                    if (data.containsKey("start")) {
                        assertInstanceOf(Number.class, data.get("start"));
                    }
                } else {
                    assertTrue(data.isEmpty(), path + ".data");
                }
                List<Object> items = nodes(block);
                for (int i = 0; i < items.size(); i++) {
                    Map<String, Object> item = asMap(items.get(i));
                    String itemPath = path + ".nodes[" + i + "]";
                    assertEquals("list-item", item.get("type"), itemPath);
                    checkKey(item, itemPath, keys);
                    assertVoid(item, false, itemPath);
                    assertTrue(Set.of("checked").containsAll(asMap(item.get("data")).keySet()), itemPath);
                    checkBlocks(nodes(item), LIST_ITEM, itemPath, keys);
                }
            }
            case "blockquote" -> {
                assertVoid(block, false, path);
                assertTrue(data.isEmpty(), path + ".data");
                checkBlocks(nodes(block), QUOTE, path, keys);
            }
            case "code" -> {
                assertVoid(block, false, path);
                assertTrue(Set.of("syntax", "title", "overflow", "lineNumbers", "fullWidth", "expandable",
                        "collapsedLineCount").containsAll(data.keySet()), path + ".data");
                List<Object> lines = nodes(block);
                for (int i = 0; i < lines.size(); i++) {
                    Map<String, Object> line = asMap(lines.get(i));
                    String linePath = path + ".nodes[" + i + "]";
                    assertEquals("block", line.get("object"), linePath);
                    assertEquals("code-line", line.get("type"), linePath);
                    checkKey(line, linePath, keys);
                    assertVoid(line, false, linePath);
                    assertNotNull(line.get("data"), linePath);
                    for (Object text : nodes(line)) {
                        checkText(asMap(text), linePath, keys);
                    }
                }
            }
            case "images" -> {
                assertEquals(false, block.get("isVoid"), path);
                List<Object> images = nodes(block);
                for (int i = 0; i < images.size(); i++) {
                    Map<String, Object> image = asMap(images.get(i));
                    String imagePath = path + ".nodes[" + i + "]";
                    assertEquals("block", image.get("object"), imagePath);
                    assertEquals("image", image.get("type"), imagePath);
                    checkKey(image, imagePath, keys);
                    assertEquals(true, image.get("isVoid"), imagePath);
                    checkImageRef(asMap(asMap(image.get("data")).get("ref")), imagePath);
                    for (Object fragment : asList(image.get("fragments"))) {
                        Map<String, Object> caption = asMap(fragment);
                        assertEquals("fragment", caption.get("object"));
                        assertEquals("caption", caption.get("fragment"));
                        checkKey(caption, imagePath + ".fragments", keys);
                        checkBlocks(nodes(caption), Set.of("paragraph"), imagePath + ".fragments", keys);
                    }
                }
            }
            case "divider" -> {
                assertEquals(true, block.get("isVoid"), path);
                assertTrue(data.isEmpty(), path + ".data");
            }
            case "table" -> {
                assertEquals(true, block.get("isVoid"), path);
                Map<String, Object> view = asMap(data.get("view"));
                assertEquals("grid", view.get("type"));
                assertInstanceOf(Boolean.class, view.get("hideHeader"));
                List<Object> columns = asList(view.get("columns"));
                Map<String, Object> definitions = asMap(data.get("definition"));
                for (Object column : columns) {
                    Map<String, Object> definition = asMap(definitions.get((String) column));
                    assertEquals(column, definition.get("id"));
                    assertInstanceOf(String.class, definition.get("title"));
                    assertEquals("text", definition.get("type"));
                    assertTrue(Set.of("left", "center", "right").contains(definition.get("textAlignment")));
                }
                Set<Object> fragmentNames = new java.util.HashSet<>();
                for (Object fragment : asList(block.get("fragments"))) {
                    Map<String, Object> cell = asMap(fragment);
                    assertEquals("fragment", cell.get("object"));
                    checkKey(cell, path + ".fragments", keys);
                    fragmentNames.add(cell.get("fragment"));
                    checkBlocks(nodes(cell), Set.of("paragraph"), path + ".fragments", keys);
                }
                for (Object record : asMap(data.get("records")).values()) {
                    assertInstanceOf(String.class, asMap(record).get("orderIndex"));
                    for (Object value : asMap(asMap(record).get("values")).values()) {
                        assertTrue(fragmentNames.contains(value), path + ": record names missing fragment " + value);
                    }
                }
            }
            default -> fail(path + ": unexpected block type " + type);
        }
    }

    private static void checkBlocks(List<Object> blocks, Set<String> allowed, String path, Set<String> keys) {
        for (int i = 0; i < blocks.size(); i++) {
            checkBlock(asMap(blocks.get(i)), allowed, path + ".nodes[" + i + "]", keys);
        }
    }

    private static void assertVoid(Map<String, Object> node, boolean expected, String path) {
        Object isVoid = node.get("isVoid");
        assertTrue(isVoid == null || isVoid.equals(expected), path + ".isVoid");
    }

    private static void checkInlines(List<Object> inlines, String path, Set<String> keys, boolean insideLink) {
        for (int i = 0; i < inlines.size(); i++) {
            Map<String, Object> inline = asMap(inlines.get(i));
            String inlinePath = path + ".nodes[" + i + "]";
            if ("text".equals(inline.get("object"))) {
                checkText(inline, inlinePath, keys);
                continue;
            }
            assertEquals("inline", inline.get("object"), inlinePath);
            checkKey(inline, inlinePath, keys);
            Map<String, Object> data = asMap(inline.get("data"));
            switch ((String) inline.get("type")) {
                case "link" -> {
                    assertTrue(!insideLink, inlinePath + ": link inside link");
                    assertVoid(inline, false, inlinePath);
                    checkRef(asMap(data.get("ref")), inlinePath);
                    checkInlines(nodes(inline), inlinePath, keys, true);
                }
                case "inline-image" -> {
                    assertEquals(true, inline.get("isVoid"), inlinePath);
                    checkImageRef(asMap(data.get("ref")), inlinePath);
                    assertTrue(Set.of("ref", "refDark", "caption", "alt", "size").containsAll(data.keySet()));
                }
                default -> fail(inlinePath + ": unexpected inline " + inline.get("type"));
            }
        }
    }

    private static void checkText(Map<String, Object> text, String path, Set<String> keys) {
        assertEquals("text", text.get("object"), path);
        checkKey(text, path, keys);
        List<Object> leaves = asList(text.get("leaves"));
        assertTrue(!leaves.isEmpty(), path + ": text without leaves");
        for (Object leafValue : leaves) {
            Map<String, Object> leaf = asMap(leafValue);
            assertEquals("leaf", leaf.get("object"), path);
            assertInstanceOf(String.class, leaf.get("text"), path);
            for (Object markValue : asList(leaf.get("marks"))) {
                Map<String, Object> mark = asMap(markValue);
                assertEquals("mark", mark.get("object"), path);
                assertTrue(MARKS.contains(mark.get("type")), path + ": mark " + mark.get("type"));
            }
        }
    }

    private static void checkRef(Map<String, Object> ref, String path) {
        switch ((String) ref.get("kind")) {
            case "url" -> assertInstanceOf(String.class, ref.get("url"), path);
            case "page" -> assertInstanceOf(String.class, ref.get("page"), path);
            case "file" -> assertInstanceOf(String.class, ref.get("file"), path);
            case "anchor" -> assertInstanceOf(String.class, ref.get("anchor"), path);
            default -> fail(path + ": unexpected ref " + ref);
        }
    }

    private static void checkImageRef(Map<String, Object> ref, String path) {
        assertTrue(Set.of("url", "file").contains(ref.get("kind")), path + ": image ref " + ref);
        checkRef(ref, path);
    }
}
