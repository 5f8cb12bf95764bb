package io.bindery.commons.lists;

import io.bindery.commons.errors.ApiException;

/** The `limit` rule of every list: default 100, between 1 and 1000. */
public final class Limits {
    public static final int DEFAULT = 100;
    public static final int MAX = 1000;

    private Limits() {
    }

    public static int of(Integer requested) {
        if (requested == null) {
            return DEFAULT;
        }
        if (requested < 1 || requested > MAX) {
            throw ApiException.badRequest("limit must be between 1 and " + MAX);
        }
        return requested;
    }

    /** The {@code limit} query parameter taken as text, so that a non-number is a 400 naming it rather than a 404. */
    public static int parse(String raw) {
        if (raw == null) {
            return of(null);
        }
        try {
            return of(Integer.valueOf(raw.trim()));
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("limit must be a whole number between 1 and " + MAX);
        }
    }
}
