package io.bindery.content.access;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.projection.Membership;
import io.bindery.content.domain.Collection;
import io.bindery.content.domain.ContentItem;
import io.bindery.content.domain.Space;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import java.util.Optional;

/**
 * Finds a space or collection for a caller, with the caller's membership and role: an unknown id, a
 * non-member and a member who may not see it all get the same 404, so existence is never revealed.
 */
@ApplicationScoped
public class ContentLookup {
    @Inject
    ContentAccess access;
    @Inject
    EntityManager em;

    /** An item with the caller's membership in its organization and role on it. */
    public record Loaded<T extends ContentItem>(T item, Membership member, Role role) {
        public Loaded<T> requireAdmin() {
            if (item instanceof Space s) {
                SpacePolicy.of(s, role).requireAdmin();
            } else {
                new CollectionPolicy(item.id(), role).requireAdmin();
            }
            return this;
        }
    }

    /**
     * Reads a row for a read-modify-write: {@code SELECT … FOR UPDATE}, re-read even when this transaction
     * loaded it before (a plain lock on a managed entity would keep its stale state). Every write that loads a
     * space or collection and writes it back goes through here, so it waits for a concurrent writer (a merge
     * moving the revision, a move, a PATCH) and then changes the row as that writer left it.
     */
    public <T> T lockedRow(Class<T> type, String id) {
        if (id == null) {
            return null;
        }
        T row = em.find(type, id);
        if (row != null) {
            em.refresh(row, LockModeType.PESSIMISTIC_WRITE);
        }
        return row;
    }

    /** A collection the caller can see, locked for a read-modify-write. */
    public Loaded<Collection> collectionForUpdate(String id, String callerId) {
        return find(lockedRow(Collection.class, id), callerId)
                .orElseThrow(() -> ApiException.notFound("no collection " + id));
    }

    /** A live space the caller can see, locked for a read-modify-write. */
    public Loaded<Space> spaceForUpdate(String id, String callerId) {
        return anySpaceForUpdate(id, callerId).filter(l -> !l.item().deleted())
                .orElseThrow(() -> ApiException.notFound("no space " + id));
    }

    /** A space, deleted or not, that the caller can see, locked for a read-modify-write. */
    public Optional<Loaded<Space>> anySpaceForUpdate(String id, String callerId) {
        return find(lockedRow(Space.class, id), callerId);
    }

    public Loaded<Collection> collection(String id, String callerId) {
        return find(Collection.<Collection>findById(id), callerId)
                .orElseThrow(() -> ApiException.notFound("no collection " + id));
    }

    /** A live (not deleted) space. */
    public Loaded<Space> space(String id, String callerId) {
        return anySpace(id, callerId).filter(l -> !l.item().deleted())
                .orElseThrow(() -> ApiException.notFound("no space " + id));
    }

    /** A space, deleted or not, that the caller can see (as it could before the deletion). */
    public Optional<Loaded<Space>> anySpace(String id, String callerId) {
        return find(Space.<Space>findById(id), callerId);
    }

    /** A collection with the caller's role on it, when the caller may see it. */
    public Optional<Loaded<Collection>> visible(Collection c, String callerId) {
        return find(c, callerId);
    }

    private <T extends ContentItem> Optional<Loaded<T>> find(T item, String callerId) {
        if (item == null) {
            return Optional.empty();
        }
        Optional<Membership> member = access.membership(item.organizationId(), callerId);
        if (member.isEmpty()) {
            return Optional.empty();
        }
        return access.role(member.get(), item).map(role -> new Loaded<>(item, member.get(), role));
    }

    /** A collection named in a request body as a parent, that the member can see; 404 otherwise. */
    public Collection visibleCollection(Membership member, String collectionId, String field) {
        Collection c = collectionId == null || collectionId.isBlank() ? null : Collection.findById(collectionId);
        if (c == null || !c.organizationId.equals(member.organizationId()) || access.role(member, c).isEmpty()) {
            throw ApiException.notFound(field + ": no collection " + collectionId + " in organization " + member.organizationId());
        }
        return c;
    }
}
