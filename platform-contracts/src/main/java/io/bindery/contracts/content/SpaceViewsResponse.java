package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;

/**
 * The answer to {@link SpaceViewsRequest}: the asked spaces that are live, of the organization and readable by the
 * user, with the user's {@code permissions}, in the order asked; the others are left out (404 when the user is not a
 * member of the organization at all).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SpaceViewsResponse(List<SpaceData> spaces) {
}
