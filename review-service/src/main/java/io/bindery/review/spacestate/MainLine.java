package io.bindery.review.spacestate;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.util.Optional;

/**
 * A space's main line as review learns it from content's events ({@code space_review_state.main_revision} and
 * {@code main_moves}). Content answers an update or a new branch with {@code outdated} as of that moment; by the
 * time review records the answer, the content-events consumer may have handled a later main move and marked the
 * change request outdated. So a recorder notes {@link #moves} before it calls content, and asks {@link #outdated}
 * when it records, holding the change request's row lock (a new change request: holding {@link #lock}).
 * <p>
 * Lock order in every review transaction: the space's main-line advisory lock (a new change request, a main
 * move), then change_request rows, then comment, comment_reply and reaction rows, then space_review_state last.
 * (The consumer once took space_review_state before change_request rows, and deadlocked with merges.)
 */
@ApplicationScoped
public class MainLine {
    @Inject
    SpaceStateStore store;

    /** How many main moves of the space review has handled; note it before calling content. */
    @Transactional(Transactional.TxType.MANDATORY)
    public long moves(String spaceId) {
        return store.mainMoves(spaceId);
    }

    /**
     * Serializes the recording of a new change request with the consumer's handling of a main move of the same
     * space: either the consumer's UPDATE sees the new row, or the new row is recorded knowing that move.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void lock(String spaceId) {
        store.lockMainLine(spaceId);
    }

    /** The consumer handled main's move to {@code revision} (call it after updating the change_request rows). */
    @Transactional(Transactional.TxType.MANDATORY)
    public void moved(String spaceId, String revision) {
        store.mainMoved(spaceId, revision);
    }

    /**
     * {@code outdated} for a branch snapshot content answered after {@code movesBefore}: as content said, unless
     * the consumer handled a main move since; then main is the one it handled last, and the branch is outdated
     * unless {@code ancestor} (the main it was last updated from) is that one. (Should that move be an older one
     * the consumer was late with, the event of the newer main follows and sets {@code outdated} right again.)
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean outdated(String spaceId, long movesBefore, String ancestor, boolean contentSays) {
        Optional<SpaceStateStore.MainState> found = store.mainState(spaceId);
        if (found.isEmpty() || found.get().revision() == null || found.get().moves() == movesBefore) {
            return contentSays;
        }
        return !found.get().revision().equals(ancestor);
    }
}
