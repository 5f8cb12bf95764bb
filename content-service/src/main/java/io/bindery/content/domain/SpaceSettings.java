package io.bindery.content.domain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;

import java.util.Set;

/** The value sets of a space's settings (GitBook 0.167.0) and their validation, each failure a 400 naming the field. */
public final class SpaceSettings {
    public static final Set<String> LANGUAGES = Set.of("en", "fr", "de", "es", "it", "pt", "pt-br", "ru", "ja", "zh", "yue", "ko",
            "ar", "hi", "nl", "pl", "tr", "sv", "no", "da", "fi", "el", "cs", "hu", "ro", "th", "vi", "id", "ms", "he", "uk", "sk",
            "bg", "hr", "lt", "lv", "et", "sl");
    static final Set<String> MERGE_RULE_TYPES = Set.of("inherit", "none", "rules");
    static final Set<String> MERGE_RULES = Set.of("require_specific_reviewers", "require_one_of_specific_reviewers", "allow_bypass",
            "require_at_least_one_review", "require_at_least_one_approved_review", "require_all_reviews_approved",
            "require_agent_review", "require_up_to_date_change_request", "require_change_request_subject",
            "require_change_request_description", "custom");
    public static final String DEFAULT_MERGE_RULES = "{\"type\":\"inherit\"}";

    private SpaceSettings() {
    }

    public static String oneOf(String field, String value, Set<String> allowed) {
        if (!allowed.contains(value)) {
            throw ApiException.badRequest(field + " must be one of " + String.join(", ", new java.util.TreeSet<>(allowed)));
        }
        return value;
    }

    /** A defaultLevel from a request: a role, or null for "inherit" (also when the value is null). */
    public static String defaultLevel(JsonNode value) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw ApiException.badRequest("field 'defaultLevel' has the wrong type: expected a role, \"inherit\" or null");
        }
        if (value.asText().equals("inherit")) {
            return null;
        }
        try {
            return Role.parse("defaultLevel", value.asText()).wire();
        } catch (ApiException e) {
            throw ApiException.badRequest("defaultLevel must be one of admin, create, review, edit, comment, read, inherit or null");
        }
    }

    /** Validates a mergeRules object and returns it as compact JSON text. */
    public static String mergeRules(JsonNode value) {
        if (value == null || !value.isObject()) {
            throw ApiException.badRequest("mergeRules must be an object {type: inherit|none|rules}");
        }
        JsonNode type = value.get("type");
        if (type == null || !type.isTextual() || !MERGE_RULE_TYPES.contains(type.asText())) {
            throw ApiException.badRequest("mergeRules.type must be one of inherit, none, rules");
        }
        ObjectNode out = JsonNodeFactory.instance.objectNode().put("type", type.asText());
        if (type.asText().equals("rules")) {
            JsonNode rules = value.get("rules");
            if (rules == null || !rules.isArray()) {
                throw ApiException.badRequest("mergeRules.rules must be an array when type is rules");
            }
            for (int i = 0; i < rules.size(); i++) {
                JsonNode rule = rules.get(i);
                String at = "mergeRules.rules[" + i + "]";
                if (!rule.isObject() || !rule.path("rule").isTextual() || !MERGE_RULES.contains(rule.get("rule").asText())) {
                    throw ApiException.badRequest(at + ".rule must be one of " + String.join(", ", new java.util.TreeSet<>(MERGE_RULES)));
                }
                JsonNode users = rule.get("users");
                if (users != null && (!users.isArray() || !allText(users))) {
                    throw ApiException.badRequest(at + ".users must be an array of user ids");
                }
                if (rule.get("rule").asText().endsWith("specific_reviewers") && users == null) {
                    throw ApiException.badRequest(at + ".users is required for " + rule.get("rule").asText());
                }
                if (rule.get("rule").asText().equals("custom") && !rule.path("expression").isTextual()) {
                    throw ApiException.badRequest(at + ".expression is required for a custom rule");
                }
            }
            out.set("rules", rules);
        }
        return out.toString();
    }

    private static boolean allText(JsonNode array) {
        for (JsonNode n : array) {
            if (!n.isTextual()) {
                return false;
            }
        }
        return true;
    }
}
