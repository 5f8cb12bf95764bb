package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;

/**
 * {@code GET /internal/orgs/{o}/readable-spaces?user=U}: the ids of the organization's live spaces the user can
 * read, oldest first; 404 when the user is no member.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ReadableSpacesResponse(List<String> spaces) {
}
