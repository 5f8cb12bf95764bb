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
}
