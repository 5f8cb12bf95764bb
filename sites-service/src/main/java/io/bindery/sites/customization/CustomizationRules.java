package io.bindery.sites.customization;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;

import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a site customization may hold: every field the defaults have keeps its JSON type (an object stays an object,
 * a flag a boolean); colours are #rgb or #rrggbb; the fields GitBook gives a closed set of values take one of them.
 * Fields the defaults do not have are kept as sent. Each violation is a 400 naming the field's path.
 */
final class CustomizationRules {
    private static final Pattern COLOR = Pattern.compile("^#(?:[0-9a-fA-F]{3}){1,2}$");
    private static final Map<String, Set<String>> ENUMS = Map.ofEntries(
            Map.entry("styling.theme", Set.of("clean", "muted", "bold", "gradient")),
            Map.entry("styling.corners", Set.of("straight", "rounded", "circular")),
            Map.entry("styling.depth", Set.of("subtle", "flat")),
            Map.entry("styling.links", Set.of("default", "accent")),
            Map.entry("styling.background", Set.of("plain", "match")),
            Map.entry("styling.icons", Set.of("regular", "solid", "duotone", "light", "thin")),
            Map.entry("styling.search", Set.of("prominent", "subtle")),
            Map.entry("styling.sidebar.background", Set.of("default", "filled")),
            Map.entry("styling.sidebar.list", Set.of("default", "pill", "line")),
            Map.entry("internationalization.locale", Set.of("en", "fr", "es", "zh", "ja", "de", "nl", "no", "pt-br", "ru")),
            Map.entry("header.preset", Set.of("default", "bold", "contrast", "custom", "none")),
            Map.entry("themes.default", Set.of("light", "dark", "system")),
            Map.entry("ai.mode", Set.of("none", "search", "assistant")),
            Map.entry("externalLinks.target", Set.of("self", "blank")));

    private CustomizationRules() {
    }

    static void check(JsonNode input, JsonNode defaults) {
        if (input == null || !input.isObject()) {
            throw ApiException.badRequest("the body must be a site customization object");
        }
        check(input, defaults, "");
    }

    private static void check(JsonNode input, JsonNode defaults, String path) {
        Iterator<Map.Entry<String, JsonNode>> fields = input.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            String at = path.isEmpty() ? f.getKey() : path + "." + f.getKey();
            JsonNode value = f.getValue();
            JsonNode known = defaults == null ? null : defaults.get(f.getKey());
            if (known != null && known.getNodeType() != value.getNodeType()) {
                throw ApiException.badRequest(at + " must be " + article(known));
            }
            if (at.endsWith("Color.light") || at.endsWith("Color.dark")) {
                if (!value.isTextual() || !COLOR.matcher(value.asText()).matches()) {
                    throw ApiException.badRequest(at + " must be a colour: #rgb or #rrggbb");
                }
            }
            Set<String> allowed = ENUMS.get(at);
            if (allowed != null && !allowed.contains(value.asText())) {
                throw ApiException.badRequest(at + " must be one of " + String.join(", ", allowed.stream().sorted().toList()));
            }
            if (value.isObject()) {
                check(value, known, at);
            }
        }
    }

    private static String article(JsonNode n) {
        return switch (n.getNodeType()) {
            case OBJECT -> "an object";
            case ARRAY -> "an array";
            case BOOLEAN -> "true or false";
            case NUMBER -> "a number";
            default -> "a string";
        };
    }
}
