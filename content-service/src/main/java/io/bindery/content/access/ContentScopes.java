package io.bindery.content.access;

import io.bindery.content.domain.SpaceRow;
import io.bindery.content.revisions.Revisions;
import io.bindery.content.revisions.Snapshot;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Which revision a content request reads: the space's live content, a change request's branch, or one revision of
 * the history, each checked against the caller's role on the space (any role reads; writes follow {@link SpacePolicy#requireEdit}).
 */
@ApplicationScoped
public class ContentScopes {
    @Inject
    ContentLookup lookup;
    @Inject
    Revisions revisions;

    /**
     * The space (with the caller's role), the revision read and, for a change request, its branch (the branches
     * feature builds that scope).
     */
    public record Scope(ContentLookup.Loaded<SpaceRow> space, Snapshot snapshot, BranchHead branch) {
        public SpaceRow item() {
            return space.item();
        }

        public SpacePolicy policy() {
            return SpacePolicy.of(item(), space.role());
        }

        /** 403 unless the caller may change the space's content: the edit role, and the space not locked. */
        public Scope requireEdit() {
            policy().requireEdit();
            return this;
        }
    }

    /** What a content request on a change request needs of its branch. */
    public record BranchHead(String id, String mergedAncestorRevisionId) {
    }

    public Scope live(String spaceId, String callerId) {
        ContentLookup.Loaded<SpaceRow> space = lookup.space(spaceId, callerId);
        return new Scope(space, revisions.snapshot(space.item().revisionId()), null);
    }

    public Scope revision(String spaceId, String revisionId, String callerId) {
        ContentLookup.Loaded<SpaceRow> space = lookup.space(spaceId, callerId);
        return new Scope(space, revisions.inSpace(spaceId, revisionId), null);
    }
}
