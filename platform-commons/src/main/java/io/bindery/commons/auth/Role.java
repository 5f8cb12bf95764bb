package io.bindery.commons.auth;

import io.bindery.commons.errors.ApiException;

import java.util.Locale;

/** Roles, lowest to highest, as in ARCHITECTURE.md. */
public enum Role {
    READ, COMMENT, EDIT, REVIEW, CREATE, ADMIN;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean atLeast(Role other) {
        return compareTo(other) >= 0;
    }

    /** Parses a wire value; null stays null (a nullable role). Unknown values are a 400 naming the field. */
    public static Role parse(String field, String value) {
        if (value == null) {
            return null;
        }
        for (Role r : values()) {
            if (r.wire().equals(value)) {
                return r;
            }
        }
        throw ApiException.badRequest(field + " must be one of admin, create, review, edit, comment, read");
    }

    public static String wireOf(Role role) {
        return role == null ? null : role.wire();
    }
}
