package io.bindery.identity.teams;

import io.bindery.identity.support.Inputs;
import io.bindery.commons.errors.ApiException;

import java.util.LinkedHashSet;
import java.util.List;

/**
 * Body of PUT /orgs/{o}/teams: the title and, optionally, the user ids of the first members. Its rules are
 * applied by the service after the access check ({@link #validTitle}, {@link #validMembers}), so a caller
 * without the rights gets 403/404 whatever the body.
 */
public record TeamCreateRequest(String title, List<String> members) {
    public static final int TITLE_MAX = 64;
    /** Most entries in one of the arrays (or the map) of a members request or of a team's first members. */
    public static final int BATCH_MAX = 1000;

    /** The title, trimmed: 1 to {@value #TITLE_MAX} characters, no control characters. */
    public String validTitle() {
        return validTitle(title);
    }

    /** The first members' ids, trimmed and deduplicated, in the order given: at most {@value #BATCH_MAX}. */
    public LinkedHashSet<String> validMembers() {
        List<String> initial = members == null ? List.of() : members;
        if (initial.size() > BATCH_MAX) {
            throw ApiException.badRequest("members: at most " + BATCH_MAX + " user ids");
        }
        LinkedHashSet<String> ids = new LinkedHashSet<>();
        for (int i = 0; i < initial.size(); i++) {
            String id = initial.get(i);
            if (id == null || id.isBlank() || Inputs.hasNul(id)) {
                throw ApiException.badRequest("members[" + i + "] must be a user id");
            }
            ids.add(id.trim());
        }
        return ids;
    }

    /** A team title's rule, shared with {@link TeamUpdateRequest}. */
    static String validTitle(String title) {
        if (title == null) {
            throw ApiException.badRequest("title is required");
        }
        String t = title.trim();
        int length = t.codePointCount(0, t.length());
        if (length < 1 || length > TITLE_MAX) {
            throw ApiException.badRequest("title must be between 1 and " + TITLE_MAX + " characters");
        }
        if (t.chars().anyMatch(Character::isISOControl)) {
            throw ApiException.badRequest("title must not contain control characters");
        }
        return t;
    }
}
