package io.bindery.content.access;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.projection.Membership;
import io.bindery.content.domain.ContentItem;
import io.bindery.content.domain.SpaceRow;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

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
    CollectionRows collections;
    @Inject
    SpaceRows spaceRows;

    /** An item with the caller's membership in its organization and role on it. */
    public record Loaded<T extends ContentItem>(T item, Membership member, Role role) {
        /** 403 unless the caller administers the space or collection (SpacePolicy's and CollectionPolicy's check). */
        public Loaded<T> requireAdmin() {
            ItemPolicies.requireAdmin(item.type(), item.id(), role);
            return this;
        }
    }

    /** A collection the caller can see, as a content item (the collections feature reads it as its own entity). */
    public Loaded<ContentItem> collection(String id, String callerId) {
        return find(collections.collection(id), callerId)
                .orElseThrow(() -> ApiException.notFound("no collection " + id));
    }

    /**
     * A live (not deleted) space as its row, read through the persistence context ({@link SpaceRows#loaded}): for
     * requests that go on to lock or write the space in the same transaction.
     */
    public Loaded<SpaceRow> space(String id, String callerId) {
        return live(spaceRows.loaded(id).orElse(null), id, callerId);
    }

    /**
     * A live space as its row, read without Hibernate: for reads that change nothing, such as
     * {@code GET /v1/spaces/{id}} (one statement when the membership is cached, issue 29).
     */
    public Loaded<SpaceRow> spaceRow(String id, String callerId) {
        return live(spaceRows.find(id).orElse(null), id, callerId);
    }

    /** An item with the caller's role on it, when the caller may see it. */
    public <T extends ContentItem> Optional<Loaded<T>> visible(T item, String callerId) {
        return find(item, callerId);
    }

    /**
     * The one rule of a live space, whichever way it was read (the spaces feature passes its entity, locked or not):
     * missing, deleted and not visible to the caller are the same 404. A deleted space is turned away before the
     * caller's membership is looked up.
     */
    public <T extends ContentItem> Loaded<T> live(T space, String id, String callerId) {
        return Optional.ofNullable(space).filter(s -> !s.deleted()).flatMap(s -> find(s, callerId))
                .orElseThrow(() -> ApiException.notFound("no space " + id));
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
}
