package io.bindery.review.changerequests;

/**
 * A change request as the other features (comments, reviews, merge, pdf) see it: its fields as read when they
 * asked ({@link ChangeRequests#find}, or {@link ChangeRequests#lock} with its row locked), never the row itself.
 * They change a change request through {@link ChangeRequests}, which owns it.
 */
public record ChangeRequestRef(String id, String spaceId, int number, String status, String subject, String revision,
                               String revisionMergedAncestor) {

    static ChangeRequestRef of(ChangeRequest cr) {
        return new ChangeRequestRef(cr.id, cr.spaceId, cr.number, cr.status, cr.subject, cr.revision, cr.revisionMergedAncestor);
    }
}
