package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The data of {@code bindery.space.content.updated.v1}: the space's live revision moved. {@code changeRequest} is
 * the merged change request, left out when a template was applied to live content.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SpaceContentUpdated(String space, String revision, String previousRevision, String changeRequest) {
}
