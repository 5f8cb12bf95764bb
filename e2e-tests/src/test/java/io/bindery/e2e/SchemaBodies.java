package io.bindery.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Request bodies built from one of GitBook's OpenAPI documents, as a client generated from it would send them: a body
 * of only the required fields, a body with every documented field (values from the schema: enum, format, pattern,
 * example; ids from the caller's fixtures), and, per field, a value of a JSON type the schema does not allow.
 */
final class SchemaBodies {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    static final String PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

    final String version;
    final JsonNode spec;

    private SchemaBodies(String version, JsonNode spec) {
        this.version = version;
        this.spec = spec;
    }

    /** GitBook's document of this version, from BINDERY_E2E_GITBOOK_SPECS or the cache ./platform fills. */
    static SchemaBodies gitbook(String version) {
        Path file = null;
        for (String entry : System.getenv().getOrDefault("BINDERY_E2E_GITBOOK_SPECS", "").trim().split("\\s+")) {
            if (entry.startsWith(version + "=")) {
                file = Path.of(entry.substring(version.length() + 1));
            }
        }
        if (file == null) {
            file = Path.of(System.getProperty("user.home"), ".cache", "bindery-gitbook-spec", version, "package", "spec", "openapi.json");
        }
        try {
            return new SchemaBodies(version, JSON.readTree(file.toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException("GitBook's OpenAPI document " + version + " not readable at " + file, e);
        }
    }

    /** The seed operations of spec/api.md: "METHOD /path" with GitBook's parameter names. */
    static List<String[]> seedOperations() {
        try (var in = SchemaBodies.class.getResourceAsStream("/seed-operations.txt")) {
            List<String[]> ops = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    ops.add(line.trim().split(" ", 2));
                }
            }
            return ops;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The operation at a templated path ("/orgs/{organizationId}"), whatever its parameter names; null if none. */
    JsonNode operation(String method, String template) {
        String wanted = template.replaceAll("\\{[^}]+}", "{}");
        for (var entry : spec.path("paths").properties()) {
            if (entry.getKey().replaceAll("\\{[^}]+}", "{}").equals(wanted)) {
                JsonNode op = entry.getValue().get(method.toLowerCase(Locale.ROOT));
                if (op != null) {
                    return op;
                }
            }
        }
        return null;
    }

    /** The JSON request body's schema of an operation, or null. */
    JsonNode bodySchema(JsonNode operation) {
        if (operation == null) {
            return null;
        }
        JsonNode schema = resolve(operation.path("requestBody")).path("content").path("application/json").path("schema");
        return schema.isMissingNode() ? null : schema;
    }

    JsonNode resolve(JsonNode schema) {
        for (int i = 0; i < 20 && schema.has("$ref"); i++) {
            schema = spec.at(schema.get("$ref").asText().substring(1));
        }
        return schema;
    }

    /** A rich-text document of one paragraph, as GitBook's editor writes it. */
    static ObjectNode document(String text) {
        try {
            return (ObjectNode) JSON.readTree("""
                    {"object": "document", "data": {}, "nodes": [{"object": "block", "type": "paragraph", "data": {},
                     "nodes": [{"object": "text", "leaves": [{"object": "leaf", "text": "%s", "marks": []}]}]}]}"""
                    .formatted(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Values the caller fixes: a key "/a/b" is the value at that JSON pointer, a key "name" the value of any field of
     * that name (an id that must point at a fixture, a slug that must be unique).
     */
    record Overrides(Map<String, Object> values) {
        JsonNode at(String pointer) {
            Object v = values.get(pointer);
            if (v == null && values.containsKey(pointer)) {
                return NullNode.instance;
            }
            if (v == null) {
                String name = pointer.substring(pointer.lastIndexOf('/') + 1);
                if (values.containsKey(name) && values.get(name) == null) {
                    return NullNode.instance;
                }
                v = values.get(name);
            }
            return v == null ? null : JSON.valueToTree(v);
        }
    }

    JsonNode minimal(JsonNode schema, Overrides overrides) {
        return generate(schema, "", false, overrides, 0);
    }

    JsonNode full(JsonNode schema, Overrides overrides) {
        return generate(schema, "", true, overrides, 0);
    }

    private JsonNode generate(JsonNode schema, String pointer, boolean full, Overrides overrides, int depth) {
        if (!pointer.isEmpty()) {
            JsonNode fixed = overrides.at(pointer);
            if (fixed != null) {
                return fixed;
            }
        }
        if (schema.path("$ref").asText().endsWith("/JSONDocument")) {
            return document("Written by the acceptance sweep");
        }
        schema = resolve(schema);
        if (schema.has("allOf")) {
            ObjectNode merged = NODES.objectNode();
            for (JsonNode part : schema.get("allOf")) {
                JsonNode value = generate(part, pointer, full, overrides, depth + 1);
                if (value instanceof ObjectNode object) {
                    merged.setAll(object);
                }
            }
            return merged;
        }
        for (String combinator : List.of("oneOf", "anyOf")) {
            if (schema.has(combinator)) {
                for (JsonNode variant : schema.get(combinator)) {
                    if (!types(variant).equals(Set.of("null"))) {
                        return generate(variant, pointer, full, overrides, depth + 1);
                    }
                }
                return NullNode.instance;
            }
        }
        if (schema.has("const")) {
            return schema.get("const");
        }
        if (schema.has("enum")) {
            for (JsonNode v : schema.get("enum")) {
                if (!v.isNull()) {
                    return v;
                }
            }
        }
        String type = types(schema).stream().filter(t -> !t.equals("null")).findFirst()
                .orElse(schema.has("properties") ? "object" : "string");
        return switch (type) {
            case "object" -> object(schema, pointer, full, overrides, depth);
            case "array" -> {
                ArrayNode array = NODES.arrayNode();
                int min = schema.path("minItems").asInt(0);
                JsonNode items = schema.path("items");
                boolean rich = items.path("$ref").asText().contains("/Document");
                for (int i = 0; i < Math.max(min, full && depth < 4 && !rich ? 1 : 0); i++) {
                    array.add(generate(items, pointer + "/" + i, full, overrides, depth + 1));
                }
                yield array;
            }
            case "integer", "number" -> IntNode.valueOf(schema.path("minimum").asInt(schema.path("example").asInt(1)));
            case "boolean" -> BooleanNode.FALSE;
            default -> TextNode.valueOf(string(schema, pointer));
        };
    }

    private ObjectNode object(JsonNode schema, String pointer, boolean full, Overrides overrides, int depth) {
        ObjectNode object = NODES.objectNode();
        Set<String> required = new LinkedHashSet<>();
        schema.path("required").forEach(r -> required.add(r.asText()));
        JsonNode properties = schema.path("properties");
        int minProperties = schema.path("minProperties").asInt(0);
        for (var p : properties.properties()) {
            boolean wanted = required.contains(p.getKey()) || (full && depth < 5) || object.size() < minProperties;
            if (wanted) {
                object.set(p.getKey(), generate(p.getValue(), pointer + "/" + p.getKey(), full, overrides, depth + 1));
            }
        }
        return object;
    }

    private static final List<String> CANDIDATES = List.of("sweep", "Sweep title", "sweep-value", "sweep1",
            "docs.example.com/help", "https://example.com/sweep", "abc", "a1", "SWEEP");

    private static String string(JsonNode schema, String pointer) {
        String format = schema.path("format").asText("");
        String value = schema.path("example").isTextual() ? schema.get("example").asText() : switch (format) {
            case "uri", "url", "uri-reference" -> "https://example.com/sweep";
            case "date-time" -> "2026-01-01T00:00:00.000Z";
            case "date" -> "2026-01-01";
            case "email" -> "sweep@example.com";
            case "byte" -> PNG;
            case "emoji" -> "📘";
            case "icon" -> "gear";
            default -> null;
        };
        if (value == null && schema.has("pattern")) {
            try {
                Pattern pattern = Pattern.compile(schema.get("pattern").asText());
                value = CANDIDATES.stream().filter(c -> pattern.matcher(c).find()).findFirst().orElse("sweep");
            } catch (PatternSyntaxException e) {
                value = "sweep";
            }
        }
        if (value == null) {
            value = "Sweep " + pointer.substring(pointer.lastIndexOf('/') + 1);
        }
        int max = schema.path("maxLength").asInt(Integer.MAX_VALUE);
        int min = schema.path("minLength").asInt(0);
        if (value.length() > max) {
            value = value.substring(0, max);
        }
        return value.length() < min ? value + "x".repeat(min - value.length()) : value;
    }

    /** The JSON types a schema allows ("string", "number", …; "integer" counts as "number"); empty: any. */
    Set<String> types(JsonNode schema) {
        schema = resolve(schema);
        Set<String> types = new LinkedHashSet<>();
        JsonNode type = schema.path("type");
        if (type.isTextual()) {
            types.add(type.asText().equals("integer") ? "number" : type.asText());
        } else if (type.isArray()) {
            type.forEach(t -> types.add(t.asText().equals("integer") ? "number" : t.asText()));
        }
        if (types.isEmpty() && schema.has("enum")) {
            for (JsonNode v : schema.get("enum")) {
                types.add(v.isNull() ? "null" : v.isTextual() ? "string" : v.isNumber() ? "number"
                        : v.isBoolean() ? "boolean" : v.isArray() ? "array" : "object");
            }
        }
        if (types.isEmpty() && schema.has("properties")) {
            types.add("object");
        }
        for (String combinator : List.of("oneOf", "anyOf")) {
            for (JsonNode variant : schema.path(combinator)) {
                Set<String> inner = types(variant);
                if (inner.isEmpty()) {
                    return Set.of();
                }
                types.addAll(inner);
            }
        }
        if (types.isEmpty() && schema.has("allOf")) {
            for (JsonNode part : schema.get("allOf")) {
                types.addAll(types(part));
            }
        }
        return types;
    }

    /** A value of a JSON type the schema does not allow, or null when it allows every type. */
    JsonNode wrongValue(JsonNode schema) {
        Set<String> allowed = types(schema);
        if (allowed.isEmpty()) {
            return null;
        }
        if (!allowed.contains("number")) {
            return IntNode.valueOf(12345);
        }
        if (!allowed.contains("string")) {
            return TextNode.valueOf("not-the-right-type");
        }
        if (!allowed.contains("boolean")) {
            return BooleanNode.TRUE;
        }
        if (!allowed.contains("array")) {
            return NODES.arrayNode().add(1);
        }
        return allowed.contains("object") ? null : NODES.objectNode();
    }

    /** The top-level properties of a body schema (allOf parts and the first oneOf/anyOf variant merged). */
    Map<String, JsonNode> topLevelProperties(JsonNode schema) {
        Map<String, JsonNode> out = new java.util.LinkedHashMap<>();
        schema = resolve(schema);
        schema.path("properties").properties().forEach(e -> out.put(e.getKey(), e.getValue()));
        for (JsonNode part : schema.path("allOf")) {
            out.putAll(topLevelProperties(part));
        }
        for (String combinator : List.of("oneOf", "anyOf")) {
            if (schema.path(combinator).size() > 0) {
                out.putAll(topLevelProperties(schema.path(combinator).get(0)));
            }
        }
        return out;
    }

    static String write(JsonNode body) {
        try {
            return JSON.writeValueAsString(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void writeReport(String name, String text) {
        try {
            Files.createDirectories(Path.of("target"));
            Files.writeString(Path.of("target", name), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
