package io.bindery.identity.support;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;

import java.util.Iterator;
import java.util.Map;

/**
 * PostgreSQL refuses NUL in text (and in JSON strings): values from paths and bodies are checked before they
 * reach a statement, so such input is a 400 or a 404, never a 500.
 */
public final class Inputs {
    private Inputs() {
    }

    public static boolean hasNul(String value) {
        return value != null && value.indexOf('\0') >= 0;
    }

    /** The value, or 400 naming the field when it holds a NUL character. */
    public static String noNul(String field, String value) {
        if (hasNul(value)) {
            throw ApiException.badRequest(field + " must not contain NUL characters");
        }
        return value;
    }

    /** The JSON value (stored as jsonb, which refuses \u0000 too), or 400 naming the field when a string or key holds NUL. */
    public static JsonNode noNul(String field, JsonNode node) {
        if (jsonHasNul(node)) {
            throw ApiException.badRequest(field + " must not contain NUL characters");
        }
        return node;
    }

    private static boolean jsonHasNul(JsonNode node) {
        if (node == null) {
            return false;
        }
        if (node.isTextual()) {
            return hasNul(node.textValue());
        }
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (hasNul(e.getKey()) || jsonHasNul(e.getValue())) {
                    return true;
                }
            }
            return false;
        }
        for (JsonNode child : node) {
            if (jsonHasNul(child)) {
                return true;
            }
        }
        return false;
    }
}
