package io.bindery.identity.invites;

import io.bindery.identity.users.Users;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Body of POST /orgs/{o}/invites with {@code {emails: [email | {email, role}], role?, sso?}}: the role each
 * (lower-cased, deduplicated) address joins with, in the order given; an address without its own role gets the
 * body's {@code role}, else the organization's default role (null: a guest). Read by the service after its
 * access check, so a caller without the rights gets 403/404 whatever the body.
 */
public record EmailInviteRequest(Map<String, String> roleByEmail, boolean sso) {
    public static final int MAX_EMAILS = 100;

    public static EmailInviteRequest from(JsonBody body, String orgDefaultRole) {
        JsonNode emails = body.raw("emails");
        if (emails == null || !emails.isArray() || emails.isEmpty()) {
            throw ApiException.badRequest("emails must be a non-empty array");
        }
        if (emails.size() > MAX_EMAILS) {
            throw ApiException.badRequest("emails: at most " + MAX_EMAILS + " per request");
        }
        String defaultRole = body.has("role") ? Role.wireOf(Role.parse("role", body.string("role").orElse(null))) : orgDefaultRole;
        boolean sso = body.bool("sso").orElse(false);
        Map<String, String> roleByEmail = new LinkedHashMap<>();
        for (JsonNode entry : emails) {
            if (entry.isTextual()) {
                roleByEmail.putIfAbsent(Users.validEmail(entry.asText()).toLowerCase(Locale.ROOT), defaultRole);
            } else if (entry.isObject() && entry.path("email").isTextual()) {
                String role = defaultRole;
                if (entry.has("role")) {
                    role = Role.wireOf(Role.parse("emails[].role", entry.get("role").isNull() ? null : entry.get("role").asText()));
                }
                roleByEmail.put(Users.validEmail(entry.path("email").asText()).toLowerCase(Locale.ROOT), role);
            } else {
                throw ApiException.badRequest("emails[] must be e-mail strings or {email, role} objects");
            }
        }
        return new EmailInviteRequest(roleByEmail, sso);
    }
}
