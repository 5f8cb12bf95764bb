package io.bindery.contracts.content;

import java.util.List;

/**
 * {@code POST /internal/orgs/{o}/space-views}: the Space resources of {@code spaces} as {@code user} sees them.
 * At most {@link #MAX_SPACES} ids.
 */
public record SpaceViewsRequest(String user, List<String> spaces) {
    public static final int MAX_SPACES = 1000;
}
