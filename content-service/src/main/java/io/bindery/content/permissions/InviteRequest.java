package io.bindery.content.permissions;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

import java.util.LinkedHashSet;
import java.util.List;

/**
 * The body of {@code POST /spaces/{s}/permissions} and {@code POST /collections/{c}/permissions} (GitBook's
 * InviteUsersAndTeams): a role, and users and/or teams to give it to (at least one of them, each non-empty).
 */
public record InviteRequest(Role role, List<String> users, List<String> teams) {
    static final int MAX_ENTRIES = 1000;

    public static InviteRequest from(JsonNode node) {
        if (node == null || !node.isObject()) {
            throw ApiException.badRequest("request body must be an object: {role, users and/or teams}");
        }
        JsonBody body = JsonBody.of(node);
        if (!body.has("role") || body.isNull("role")) {
            throw ApiException.badRequest("role is required: one of admin, create, review, edit, comment, read");
        }
        Role role = Role.parse("role", body.string("role").orElse(null));
        List<String> users = ids(body, "users");
        List<String> teams = ids(body, "teams");
        if (users.isEmpty() && teams.isEmpty()) {
            throw ApiException.badRequest("give users and/or teams: a non-empty array of ids");
        }
        return new InviteRequest(role, users, teams);
    }

    private static List<String> ids(JsonBody body, String field) {
        if (!body.has(field)) {
            return List.of();
        }
        List<String> values = body.strings(field)
                .orElseThrow(() -> ApiException.badRequest("field '" + field + "' has the wrong type: expected array of strings"));
        if (values.isEmpty()) {
            throw ApiException.badRequest(field + " must not be empty");
        }
        if (values.size() > MAX_ENTRIES) {
            throw ApiException.badRequest(field + ": at most " + MAX_ENTRIES + " ids");
        }
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (int i = 0; i < values.size(); i++) {
            String id = values.get(i).trim();
            if (id.isEmpty() || id.indexOf('\0') >= 0) {
                throw ApiException.badRequest(field + "[" + i + "] must be an id");
            }
            out.add(id);
        }
        return List.copyOf(out);
    }
}
