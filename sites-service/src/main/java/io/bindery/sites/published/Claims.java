package io.bindery.sites.published;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.HashMap;
import java.util.Map;

/**
 * Unsigned visitor claims from GitBook's published-URL convention, {@code visitor.<claim>=<value>}: values are
 * text on the wire, typed here as the adaptive schema's {@code unsigned} object declares them (a boolean claim
 * "true" is true); a value that does not parse as its type stays text, so a condition on it is false.
 */
final class Claims {
    private Claims() {
    }

    static Map<String, Object> unsigned(Map<String, String> raw, JsonNode unsignedSchema) {
        Map<String, Object> out = new HashMap<>();
        raw.forEach((name, value) -> out.put(name, typed(value, unsignedSchema.path("properties").path(name).path("type").asText())));
        return out;
    }

    static Object typed(String value, String type) {
        switch (type) {
            case "boolean" -> {
                if (value.equals("true") || value.equals("false")) {
                    return Boolean.parseBoolean(value);
                }
            }
            case "number" -> {
                try {
                    return value.contains(".") || value.contains("e") || value.contains("E")
                            ? (Object) Double.parseDouble(value) : (Object) Long.parseLong(value);
                } catch (NumberFormatException e) {
                    return value;
                }
            }
            default -> {
            }
        }
        return value;
    }
}
