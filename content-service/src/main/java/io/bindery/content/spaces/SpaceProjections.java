package io.bindery.content.spaces;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;

/**
 * What other services tell content about a space, applied by the event consumers: review's counters, Git Sync's
 * state and the address sites publish it at. Each is "newer than what is stored wins" (or a recompute), so a
 * redelivered or late older event changes nothing; none is a {@code space.updated} event.
 */
@ApplicationScoped
public class SpaceProjections {
    @Inject
    SpaceStore store;

    /** Sets the review counters at this version; false when the space has a newer one or does not exist. */
    public boolean reviewStats(String spaceId, int comments, int changeRequests, int open, int draft, long version) {
        return store.reviewStats(spaceId, comments, changeRequests, open, draft, version) == 1;
    }

    /** Sets the Git Sync state (null: not synced) as of {@code at}; false when older or no such space. */
    public boolean gitSync(String spaceId, String view, Instant at) {
        return store.gitSync(spaceId, view, at) == 1;
    }

    /** Recomputes the space's published address from the site publications content keeps. */
    public void recomputePublishedUrl(String spaceId) {
        store.recomputePublishedUrl(spaceId);
    }
}
