package io.bindery.sites.adaptive;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Ready-made conditions derived from a site's adaptive schema (GET …/adaptive-schema/template-conditions): for each
 * claim, the condition a site owner most often writes about it, in the same CEL that sections and site spaces take.
 */
final class TemplateConditions {
    /** Claims whose names are not CEL identifiers are left out (they need index syntax). */
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final int ENUM_VALUES = 5;

    record Item(String description, String condition) {
    }

    private TemplateConditions() {
    }

    static List<Item> of(JsonNode schema) {
        List<Item> items = new ArrayList<>();
        walk(schema.path("properties"), "visitor.claims", items);
        return items;
    }

    private static void walk(JsonNode properties, String prefix, List<Item> out) {
        Iterator<Map.Entry<String, JsonNode>> fields = properties.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            if (!IDENTIFIER.matcher(f.getKey()).matches()) {
                continue;
            }
            String path = prefix + "." + f.getKey();
            JsonNode claim = f.getValue();
            String label = claim.path("description").asText(f.getKey());
            switch (claim.path("type").asText()) {
                case "boolean" -> out.add(new Item(label + " is true", path));
                case "number" -> out.add(new Item(label + " is greater than 0", path + " > 0"));
                case "string" -> {
                    if (claim.path("enum").isArray() && !claim.path("enum").isEmpty()) {
                        int n = 0;
                        for (JsonNode v : claim.path("enum")) {
                            if (n++ == ENUM_VALUES) {
                                break;
                            }
                            out.add(new Item(label + " is " + v.asText(), path + " == " + quoted(v.asText())));
                        }
                    } else {
                        out.add(new Item(label + " is set", "has(" + path + ")"));
                    }
                }
                case "array" -> {
                    JsonNode values = claim.path("items").path("enum");
                    if (values.isArray() && !values.isEmpty()) {
                        out.add(new Item(label + " includes " + values.get(0).asText(), quoted(values.get(0).asText()) + " in " + path));
                    } else {
                        out.add(new Item(label + " is not empty", "size(" + path + ") > 0"));
                    }
                }
                case "object" -> walk(claim.path("properties"), path, out);
                default -> {
                }
            }
        }
    }

    /** A CEL string literal. */
    static String quoted(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
