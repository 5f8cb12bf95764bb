package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/**
 * A change request's branch as content-service's internal branch API answers it ({@code GET
 * /internal/spaces/{space}/branches/{branch}}, the 201 of a create, and the {@code changeRequest} of an outcome):
 * the branch fields of GitBook's ChangeRequest. {@code revisionMergedAncestor} and {@code revisionMerged} are
 * left out while unset.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record BranchResponse(String object, String id, int number, String status, String space, String revision,
                             String revisionInitial, String revisionMergedAncestor, String revisionMerged, boolean outdated,
                             Instant createdAt, Instant updatedAt, Urls urls) {
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Urls(String location, String app) {
    }
}
