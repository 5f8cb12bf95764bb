package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The body of {@code POST /internal/spaces/{space}/branches}: the change request's id, who creates it, the
 * catalogue template it starts with (left out for none) and its subject (kept by content for the change request it
 * shows in a revision's {@code mergedFrom} and in a write's answer; review's events keep it current). Content also
 * takes a {@code number}, which review does not send. {@code revision}: the revision of the space the branch starts
 * from (left out: the space's current one), so that its merge is a three-way merge against what main did since (Git
 * Sync's import starts from the revision last in step with Git: an edit made on both sides is a conflict, never
 * overwritten); not with a template.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BranchCreateRequest(String id, String createdBy, String template, String subject, String revision) {
    public BranchCreateRequest(String id, String createdBy, String template, String subject) {
        this(id, createdBy, template, subject, null);
    }
}
