package io.bindery.contracts.review;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The data of {@code bindery.comment.deleted.v1} and {@code bindery.comment-reply.deleted.v1}: what no longer
 * exists, and where it was. {@code changeRequest} is left out for a space comment, {@code comment} (the parent of
 * a reply) for a comment.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReviewItemDeleted(String id, String space, String changeRequest, String comment) {
}
