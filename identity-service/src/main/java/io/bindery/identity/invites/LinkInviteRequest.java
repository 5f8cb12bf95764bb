package io.bindery.identity.invites;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

/**
 * Body of POST /orgs/{o}/link-invites (and of POST /orgs/{o}/invites without emails) and of PATCH
 * /orgs/{o}/link-invites/{i}. {@code setsRole}: whether {@code role} was given (null: the link makes guests);
 * {@code sso} null when absent. Read by the service after its access checks, so a caller without the rights
 * gets 403/404 whatever the body.
 */
public record LinkInviteRequest(boolean setsRole, Role role, Boolean sso) {

    /** A new link: {@code role} is required (a role, or null for guests). */
    public static LinkInviteRequest forCreate(JsonBody body) {
        if (!body.has("role")) {
            throw ApiException.badRequest("role is required (a role, or null for guests)");
        }
        return forUpdate(body);
    }

    /** A change: each field given is changed, the others are left as they are. */
    public static LinkInviteRequest forUpdate(JsonBody body) {
        boolean setsRole = body.has("role");
        Role role = setsRole ? Role.parse("role", body.string("role").orElse(null)) : null;
        return new LinkInviteRequest(setsRole, role, body.bool("sso").orElse(null));
    }
}
