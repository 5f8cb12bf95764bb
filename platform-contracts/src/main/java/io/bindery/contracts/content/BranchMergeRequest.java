package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The body of {@code POST /internal/spaces/{space}/branches/{branch}/merge}: who merges, and the change request's
 * subject and open comments as review knows them at the merge (content shows them in the merge revision's
 * {@code mergedFrom}, which GitBook's Revision requires whole).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BranchMergeRequest(String mergedBy, String subject, Integer comments) {
}
