package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;

/**
 * The data of {@code bindery.space.content.updated.v1}: the space's live revision moved. {@code changeRequest} is
 * the merged change request, left out when a template was applied to live content. {@code updatedBy} are the ids of
 * the users who made the move (the merger, or who applied the template; empty when no user did, e.g. an internal
 * merge without {@code mergedBy}): GitBook's {@code space_content_updated} names them from 0.202.0 on. Producers
 * before it was added sent none, so a missing list reads as empty.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SpaceContentUpdated(String space, String revision, String previousRevision, String changeRequest,
                                  List<String> updatedBy) {
    public SpaceContentUpdated {
        updatedBy = updatedBy == null ? List.of() : List.copyOf(updatedBy);
    }

    /** A move no user is named for. */
    public SpaceContentUpdated(String space, String revision, String previousRevision, String changeRequest) {
        this(space, revision, previousRevision, changeRequest, List.of());
    }
}
