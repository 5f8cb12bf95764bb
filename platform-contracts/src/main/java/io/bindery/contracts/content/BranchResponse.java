package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.time.Instant;

/**
 * A change request's branch as content-service's internal branch API answers it ({@code GET
 * /internal/spaces/{space}/branches/{branch}}, the 201 of a create, and the {@code changeRequest} of an outcome):
 * the branch fields of GitBook's ChangeRequest, with the subject and open comments review handed over and the
 * author as a User ({@code createdBy}, left out when the branch has none). Fields in the order content writes
 * them; {@code revisionMergedAncestor} and {@code revisionMerged} are left out while unset.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"object", "id", "number", "status", "subject", "createdBy", "space", "revision", "revisionInitial",
        "revisionMergedAncestor", "revisionMerged", "comments", "outdated", "createdAt", "updatedAt", "urls"})
public record BranchResponse(String object, String id, int number, String status, String subject,
                             @JsonInclude(JsonInclude.Include.NON_NULL) User createdBy, String space, String revision,
                             String revisionInitial, String revisionMergedAncestor, String revisionMerged, long comments,
                             boolean outdated, Instant createdAt, Instant updatedAt, Urls urls) {
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Urls(String location, String app) {
    }

    /** GitBook's User: {@code photoURL} omitted when unset. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record User(String object, String id, String displayName, String email, String photoURL, UserUrls urls) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record UserUrls(String location) {
    }
}
