package io.bindery.content.pages;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.time.Instant;

/**
 * A change request as content-service knows it: the branch fields of GitBook's ChangeRequest. The review service
 * owns the rest (subject, description, reviewers) and adds it to what it serves.
 */
@JsonPropertyOrder({"object", "id", "number", "status", "space", "revision", "revisionInitial", "revisionMergedAncestor",
        "revisionMerged", "outdated", "createdAt", "updatedAt", "urls"})
public record BranchView(String object, String id, int number, String status, String space, String revision,
                         String revisionInitial, String revisionMergedAncestor, String revisionMerged, boolean outdated,
                         Instant createdAt, Instant updatedAt, Urls urls) {
    public record Urls(String location, String app) {
    }
}
