package io.bindery.content.spaces;

import io.bindery.commons.errors.ApiException;
import io.bindery.content.domain.SpaceRow;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.List;

/**
 * What other features ask of a space without a caller's rights (theirs are checked already, or the caller is
 * another service): its row, and the move of its live revision. They get the read-only {@link SpaceRow}; the
 * entity stays here. Every read goes through the persistence context, as the entity reads these replace did, so a
 * later lock or write of the space in the same transaction costs no extra query.
 */
@ApplicationScoped
public class LiveSpaces {
    @Inject
    SpaceStore store;

    /** A live (not deleted) space; 404 otherwise. */
    public SpaceRow live(String id) {
        return live(store.find(id), id);
    }

    /** A live space locked for a read-modify-write (a branch from its live revision, a merge into it); 404 otherwise. */
    public SpaceRow liveForUpdate(String id) {
        return live(store.lock(id), id);
    }

    /**
     * A space locked for a read-modify-write, deleted or not, for a caller that has just read it live in the same
     * transaction; null when there is none.
     */
    public SpaceRow forUpdate(String id) {
        Space s = store.lock(id);
        return s == null ? null : s.row();
    }

    /**
     * Points a space at a new live revision and answers its row as it is now. The caller has it locked in this
     * transaction ({@link #liveForUpdate}, {@link #forUpdate}), so this finds the loaded entity and reads nothing.
     */
    public SpaceRow moveRevision(String id, String revisionId) {
        Space s = store.find(id);
        s.revisionId = revisionId;
        s.updatedAt = Instant.now();
        return s.row();
    }

    /** An organization's live spaces. */
    public List<SpaceRow> liveIn(String organizationId) {
        return store.liveIn(organizationId).stream()
                .map(Space::row).toList();
    }

    /** The live spaces among these ids, in no given order. */
    public List<SpaceRow> live(List<String> ids) {
        return store.live(ids).stream().map(Space::row).toList();
    }

    private static SpaceRow live(Space s, String id) {
        if (s == null || s.deleted()) {
            throw ApiException.notFound("no space " + id);
        }
        return s.row();
    }
}
