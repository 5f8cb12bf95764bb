package io.bindery.commons.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import io.bindery.commons.errors.ApiException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JSON request body read field by field, for PATCHes where "absent" (leave unchanged) and "null" (clear)
 * differ, and for bodies whose fields take several shapes. Every wrong type is a 400 naming the field.
 */
public final class JsonBody {
    private final JsonNode node;

    private JsonBody(JsonNode node) {
        this.node = node;
    }

    /** A body that must be a JSON object; a missing body reads as {} (every field absent). */
    public static JsonBody of(JsonNode node) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return new JsonBody(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode());
        }
        if (!node.isObject()) {
            throw ApiException.badRequest("request body must be a JSON object");
        }
        return new JsonBody(node);
    }

    public boolean has(String field) {
        return node.has(field);
    }

    public boolean isNull(String field) {
        return node.has(field) && node.get(field).isNull();
    }

    public JsonNode raw(String field) {
        return node.get(field);
    }

    /** A string field: empty when absent or null (check {@link #isNull} where null means something). */
    public Optional<String> string(String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (v.getNodeType() != JsonNodeType.STRING) {
            throw ApiException.badRequest("field '" + field + "' has the wrong type: expected string");
        }
        return Optional.of(v.asText());
    }

    /** A string field with a length range (after trimming when {@code trim}); 400 naming the field otherwise. */
    public Optional<String> string(String field, int min, int max, boolean trim) {
        return string(field).map(s -> {
            String t = trim ? s.trim() : s;
            if (t.length() < min || t.length() > max) {
                throw ApiException.badRequest(field + " must be " + (min == 0 ? "at most " + max : "between " + min + " and " + max)
                        + " characters");
            }
            return t;
        });
    }

    public String requiredString(String field, int min, int max) {
        return string(field, min, max, true).orElseThrow(() -> ApiException.badRequest(field + " is required"));
    }

    public Optional<Boolean> bool(String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isBoolean()) {
            throw ApiException.badRequest("field '" + field + "' has the wrong type: expected boolean");
        }
        return Optional.of(v.asBoolean());
    }

    /** A list of strings; empty Optional when absent or null. */
    public Optional<List<String>> strings(String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isArray()) {
            throw ApiException.badRequest("field '" + field + "' has the wrong type: expected array of strings");
        }
        List<String> out = new ArrayList<>(v.size());
        for (JsonNode item : v) {
            if (!item.isTextual()) {
                throw ApiException.badRequest("field '" + field + "' has the wrong type: expected array of strings");
            }
            out.add(item.asText());
        }
        return Optional.of(out);
    }

    /** A list of objects; empty Optional when absent or null. */
    public Optional<List<JsonBody>> objects(String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isArray()) {
            throw ApiException.badRequest("field '" + field + "' has the wrong type: expected array of objects");
        }
        List<JsonBody> out = new ArrayList<>(v.size());
        for (JsonNode item : v) {
            if (!item.isObject()) {
                throw ApiException.badRequest("field '" + field + "' has the wrong type: expected array of objects");
            }
            out.add(new JsonBody(item));
        }
        return Optional.of(out);
    }

    /**
     * An object whose every value is a string of at most {@code max} characters (GitBook's LocalizedString: text by
     * language); empty when absent or null.
     */
    public Optional<Map<String, String>> stringMap(String field, int max) {
        return object(field).map(o -> {
            Map<String, String> out = new LinkedHashMap<>();
            for (var e : o.node.properties()) {
                if (!e.getValue().isTextual()) {
                    throw ApiException.badRequest("field '" + field + "' has the wrong type: expected object of strings");
                }
                if (e.getValue().asText().length() > max) {
                    throw ApiException.badRequest(field + "." + e.getKey() + " must be at most " + max + " characters");
                }
                out.put(e.getKey(), e.getValue().asText());
            }
            return out;
        });
    }

    /** An object field; empty when absent or null. */
    public Optional<JsonBody> object(String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isObject()) {
            throw ApiException.badRequest("field '" + field + "' has the wrong type: expected object");
        }
        return Optional.of(new JsonBody(v));
    }

    public JsonNode node() {
        return node;
    }
}
