package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The body of {@code POST /internal/spaces/{space}/branches}: the change request's id, who creates it, and the
 * catalogue template it starts with (left out for none). Content also takes a {@code number}, which review does
 * not send.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BranchCreateRequest(String id, String createdBy, String template) {
}
