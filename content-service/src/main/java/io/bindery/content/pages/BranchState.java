package io.bindery.content.pages;

import io.bindery.content.domain.BranchStatus;

import java.time.Instant;

/**
 * What the API shows of a change request's branch (content's ChangeRequest): a record, so that pages' views and
 * a revision's {@code mergedFrom} need not know the branches feature's entity.
 */
public record BranchState(String id, int number, BranchStatus status, String spaceId, String headRevisionId,
                          String initialRevisionId, String mergedAncestorRevisionId, String mergedRevisionId,
                          String createdBy, String subject, long comments, Instant createdAt, Instant updatedAt) {
}
