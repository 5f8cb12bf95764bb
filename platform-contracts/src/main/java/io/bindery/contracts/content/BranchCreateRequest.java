package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The body of {@code POST /internal/spaces/{space}/branches}: the change request's id, who creates it, the
 * catalogue template it starts with (left out for none) and its subject (kept by content for the change request it
 * shows in a revision's {@code mergedFrom} and in a write's answer; review's events keep it current). Content also
 * takes a {@code number}, which review does not send.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BranchCreateRequest(String id, String createdBy, String template, String subject) {
}
