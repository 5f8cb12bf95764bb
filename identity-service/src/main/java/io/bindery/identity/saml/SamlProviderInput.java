package io.bindery.identity.saml;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;

/**
 * The body of a SAML provider create or update, read from raw JSON so that an absent field (leave as is)
 * differs from an explicit null (defaultRole: guest; defaultTeam: none). A field that is null here was
 * absent; {@link Value#value()} null means an explicit JSON null. Only types are checked here; limits are
 * checked by the service.
 */
public record SamlProviderInput(Value label, Value entityID, Value certificate, Value ssoURL, Value defaultTeam,
                                Value defaultRole) {
    public record Value(String value) {
    }

    public static SamlProviderInput from(JsonNode body) {
        if (body == null || body.isNull() || body.isMissingNode()) {
            throw ApiException.badRequest("request body is required");
        }
        if (!body.isObject()) {
            throw ApiException.badRequest("request body must be a JSON object");
        }
        return new SamlProviderInput(
                text(body, "label", false),
                text(body, "entityID", false),
                text(body, "certificate", false),
                text(body, "ssoURL", false),
                text(body, "defaultTeam", true),
                text(body, "defaultRole", true));
    }

    private static Value text(JsonNode body, String field, boolean nullable) {
        if (!body.has(field)) {
            return null;
        }
        JsonNode node = body.get(field);
        if (node.isNull() && nullable) {
            return new Value(null);
        }
        if (!node.isTextual()) {
            throw ApiException.badRequest("field '" + field + "' has the wrong type: expected string" + (nullable ? " or null" : ""));
        }
        return new Value(node.textValue());
    }
}
