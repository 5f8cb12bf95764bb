package io.bindery.content.pages;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.bindery.commons.projection.UserRef;

import java.time.Instant;

/**
 * A change request as content-service knows it: the branch fields of GitBook's ChangeRequest, with the subject and
 * open comments review handed over or last reported, and its author as a User ({@code createdBy}, left out when the
 * branch has none). The review service owns the rest (description, reviewers) and serves the whole of it.
 */
@JsonPropertyOrder({"object", "id", "number", "status", "subject", "createdBy", "space", "revision", "revisionInitial",
        "revisionMergedAncestor", "revisionMerged", "comments", "outdated", "createdAt", "updatedAt", "urls"})
public record BranchView(String object, String id, int number, String status, String subject,
                         @JsonInclude(JsonInclude.Include.NON_NULL) UserRef.View createdBy, String space,
                         String revision, String revisionInitial, String revisionMergedAncestor, String revisionMerged,
                         long comments, boolean outdated, Instant createdAt, Instant updatedAt, Urls urls) {
    public record Urls(String location, String app) {
    }
}
