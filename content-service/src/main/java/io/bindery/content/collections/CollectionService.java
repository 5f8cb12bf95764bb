package io.bindery.content.collections;

import io.bindery.content.items.CollectionView;
import io.bindery.content.access.ContentAccess;
import io.bindery.content.access.ContentLookup;
import io.bindery.content.items.ContentLists;
import io.bindery.content.items.MoveRequest;
import io.bindery.content.items.TransferRequest;
import io.bindery.content.items.ContentViews;
import io.bindery.content.items.Placement;
import io.bindery.content.permissions.UserGrants;
import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.projection.Membership;
import io.bindery.content.domain.ContentItem;
import io.bindery.content.access.SpaceRows;
import io.bindery.content.domain.SpaceRow;
import io.bindery.content.items.SpaceView;
import io.bindery.content.access.ContentLookup.Loaded;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Collections: create, list, read, update, delete, their spaces, move inside an organization and transfer
 * to another. Deleting a collection deletes its sub-collections and moves every space inside to the
 * trash (restorable, at the root, for the retention period).
 */
@ApplicationScoped
public class CollectionService {

    @Inject
    ContentAccess access;
    @Inject
    ContentLookup lookup;
    @Inject
    ContentViews views;
    @Inject
    CollectionViews collectionViews;
    @Inject
    CollectionStore store;
    @Inject
    Placement placement;
    @Inject
    ContentLists lists;
    @Inject
    CollectionSpaces spaces;
    @Inject
    SpaceRows spaceRows;
    @Inject
    UserGrants grants;
    @Inject
    EventPublisher events;

    @Transactional
    public CollectionView create(String organizationId, String callerId, CreateCollectionRequest request) {
        String title = request.title();
        String parentId = request.parent();
        Membership member = access.requireMember(organizationId, callerId);
        ContentItem parent = parentId == null ? null : visibleParent(member, parentId, "parent");
        if (!access.canCreateAt(member, parent)) {
            throw ApiException.forbidden("you may not create collections " + place(parent));
        }
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Collection c = new Collection();
        c.id = Ids.newId();
        c.organizationId = organizationId;
        c.parentId = parentId;
        c.ancestors = childAncestors(parent);
        c.title = title;
        c.position = placement.last(organizationId, parentId);
        c.createdAt = now;
        c.updatedAt = now;
        store.insert(c);
        if (!member.admin()) {
            grants.grantCreator(c, callerId);
        }
        events.publish(ContentEventTypes.COLLECTION_CREATED, c.id, collectionViews.collection(c, null));
        return collectionViews.collection(c, access.requireRole(member, c, "no collection " + c.id));
    }

    @Transactional
    public ListPage<CollectionView> list(String organizationId, String callerId, String nested, String limit, String page) {
        Membership member = access.requireMember(organizationId, callerId);
        boolean all = parseBoolean("nested", nested, true);
        ContentLists.Query query = new ContentLists.Query("collection", "t.organization_id = :org" + (all ? "" : " AND t.parent_id IS NULL"),
                Map.of("org", organizationId), ContentLists.Order.CREATED_ASC);
        return lists.page(query, member, Collection.class, limit, page,
                (items, roles) -> items.stream().map(c -> collectionViews.collection(c, roles.get(c.id))).toList());
    }

    @Transactional
    public CollectionView get(String id, String callerId) {
        Loaded<Collection> l = collection(id, callerId);
        return collectionViews.collection(l.item(), l.role());
    }

    @Transactional
    public CollectionView update(String id, String callerId, UpdateCollectionRequest request) {
        Loaded<Collection> l = collectionForUpdate(id, callerId).requireAdmin();
        Collection c = l.item();
        boolean changed = false;
        if (request.title() != null) {
            String title = request.title().value();
            changed |= !title.equals(c.title);
            c.title = title;
        }
        if (request.description() != null) {
            String description = request.description().value();
            changed |= !Objects.equals(description, c.description);
            c.description = description;
        }
        if (request.defaultLevel() != null) {
            String level = request.defaultLevel().value();
            changed |= !Objects.equals(level, c.defaultLevel);
            c.defaultLevel = level;
        }
        if (changed) {
            c.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            events.publish(ContentEventTypes.COLLECTION_UPDATED, c.id, collectionViews.collection(c, null));
        }
        return collectionViews.collection(c, l.role());
    }

    /** Deletes a collection and its sub-collections; the spaces inside go to the trash at the root. */
    @Transactional
    public void delete(String id, String callerId) {
        // unknown, or not the caller's to see: the same 204, so a DELETE never reveals that an id exists
        Collection found = store.lock(id); // a concurrent move of it waits, or this waits for it
        Optional<Loaded<Collection>> seen = found == null ? Optional.empty() : lookup.visible(found, callerId);
        if (seen.isEmpty()) {
            return;
        }
        Collection c = seen.get().requireAdmin().item();
        List<Collection> tree = subtree(c);
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        List<String> trashed = spaces.trashInside(c.id, now);
        // spaces already in the trash keep their deletion time, and leave the tree too
        spaces.detachTrashed(c.id);
        List<String> ids = tree.stream().map(x -> x.id).toList();
        grants.dropAll(ids);
        List<CollectionView> gone = tree.stream().map(x -> collectionViews.collection(x, null)).toList();
        store.delete(c.id);
        store.clear();
        for (String spaceId : trashed) {
            SpaceRow s = spaceRows.loaded(spaceId).orElseThrow();
            events.publish(ContentEventTypes.SPACE_DELETED, s.id(), views.space(s, null));
        }
        for (CollectionView v : gone) {
            events.publish(ContentEventTypes.COLLECTION_DELETED, v.id(), v);
        }
    }

    @Transactional
    public ListPage<SpaceView> spaces(String id, String callerId, String limit, String page) {
        Loaded<Collection> l = collection(id, callerId);
        ContentLists.Query query = new ContentLists.Query("space", "t.parent_id = :parent AND t.deleted_at IS NULL",
                Map.of("parent", id), ContentLists.Order.POSITION);
        return spaces.page(query, l.member(), limit, page);
    }

    @Transactional
    public CollectionView move(String id, String callerId, MoveRequest request) {
        Loaded<Collection> l = collectionForUpdate(id, callerId).requireAdmin();
        Collection c = l.item();
        String targetParent = request.parent() != null ? request.parent().value() : c.parentId;
        Collection target = targetParent == null ? null : store.find(targetParent);
        if (targetParent != null) {
            if (target == null || access.role(l.member(), target).isEmpty()) {
                throw ApiException.notFound("parent: no collection " + targetParent);
            }
            if (!target.organizationId.equals(c.organizationId)) {
                throw ApiException.badRequest("parent: collection " + targetParent + " is in another organization; use transfer");
            }
            if (target.id.equals(c.id) || Arrays.asList(target.ancestors).contains(c.id)) {
                throw ApiException.badRequest("parent: a collection cannot move under itself or one of its descendants");
            }
        }
        boolean newParent = !Objects.equals(targetParent, c.parentId);
        if (newParent && !access.canCreateAt(l.member(), target)) {
            throw ApiException.forbidden("you may not add collections " + place(target));
        }
        OptionalDouble position = placement.place(c, c.position, c.organizationId, targetParent, request.position());
        if (position.isEmpty()) {
            throw ApiException.conflict("collection " + c.id + " is already there: the move would change nothing");
        }
        if (newParent) {
            String[] ancestors = childAncestors(target);
            rewriteSubtree(c, ancestors, c.organizationId);
            c.parentId = targetParent;
            c.ancestors = ancestors;
        }
        c.position = position.getAsDouble();
        c.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        events.publish(ContentEventTypes.COLLECTION_MOVED, c.id, collectionViews.collection(c, null));
        return collectionViews.collection(c, l.role());
    }

    @Transactional
    public CollectionView transfer(String id, String callerId, TransferRequest request) {
        String organization = request.organization();
        Loaded<Collection> l = collectionForUpdate(id, callerId).requireAdmin();
        Collection c = l.item();
        if (organization.equals(c.organizationId)) {
            throw ApiException.conflict("collection " + c.id + " is already in organization " + organization);
        }
        Membership target = requireAdminOf(organization, callerId);
        List<Collection> tree = subtree(c);
        List<String> leaving = new ArrayList<>(tree.stream().map(x -> x.id).toList());
        List<String> spacesInside = spaces.idsInside(c.id);
        leaving.addAll(spacesInside);
        grants.dropAll(leaving);
        rewriteSubtree(c, new String[0], organization);
        c.organizationId = organization;
        c.parentId = null;
        c.ancestors = new String[0];
        c.position = placement.last(organization, null);
        c.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        store.flush();
        store.clear();
        for (Collection x : subtree(store.find(c.id))) {
            events.publish(ContentEventTypes.COLLECTION_TRANSFERRED, x.id, collectionViews.collection(x, null));
        }
        for (SpaceRow s : spaces.inside(c.id)) {
            events.publish(ContentEventTypes.SPACE_TRANSFERRED, s.id(), views.space(s, null));
        }
        Collection moved = store.find(c.id);
        return collectionViews.collection(moved, access.requireRole(target, moved, "no collection " + c.id));
    }

    /** The caller's membership of an organization it administers: 404 when not a member, 403 when not an admin. */
    public Membership requireAdminOf(String organizationId, String callerId) {
        Membership m = access.membership(organizationId, callerId)
                .orElseThrow(() -> ApiException.notFound("organization: no organization " + organizationId));
        if (!m.admin()) {
            throw ApiException.forbidden("organization: you must administer organization " + organizationId);
        }
        return m;
    }

    /** A collection and everything nested in it (collections only), the collection first. */
    List<Collection> subtree(Collection c) {
        return store.subtree(c.id);
    }

    /**
     * Rewrites the ancestors of everything below a collection that gets new ancestors (and maybe a new
     * organization): the part of each chain above the collection is replaced.
     */
    void rewriteSubtree(Collection c, String[] newAncestors, String organizationId) {
        store.flush();
        String prefix = "{" + String.join(",", newAncestors) + "}";
        store.rewriteAncestors(c.id, prefix, organizationId);
        spaces.rewriteAncestors(c.id, prefix, organizationId);
    }

    public static String[] childAncestors(ContentItem parent) {
        if (parent == null) {
            return new String[0];
        }
        String[] ancestors = parent.ancestors();
        String[] out = Arrays.copyOf(ancestors, ancestors.length + 1);
        out[ancestors.length] = parent.id();
        return out;
    }

    public static String place(ContentItem parent) {
        return parent == null ? "at the root of the organization (needs the create or admin member role)"
                : "in collection " + parent.id() + " (needs the create role on it)";
    }

    /** A collection the caller can see; 404 otherwise. */
    private Loaded<Collection> collection(String id, String callerId) {
        return lookup.visible(store.find(id), callerId)
                .orElseThrow(() -> ApiException.notFound("no collection " + id));
    }

    /** A collection the caller can see, locked for a read-modify-write. */
    private Loaded<Collection> collectionForUpdate(String id, String callerId) {
        return lookup.visible(store.lock(id), callerId)
                .orElseThrow(() -> ApiException.notFound("no collection " + id));
    }

    /** A collection named in a request body as a parent, that the member can see; 404 otherwise. */
    public ContentItem visibleParent(Membership member, String collectionId, String field) {
        Collection c = collectionId == null || collectionId.isBlank() ? null : store.find(collectionId);
        if (c == null || !c.organizationId.equals(member.organizationId()) || access.role(member, c).isEmpty()) {
            throw ApiException.notFound(field + ": no collection " + collectionId + " in organization " + member.organizationId());
        }
        return c;
    }

    /** The collection a space sits in (null: none), for the spaces feature's checks and placement. */
    public ContentItem find(String id) {
        return store.find(id);
    }

    static boolean parseBoolean(String name, String value, boolean fallback) {
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw ApiException.badRequest(name + " must be true or false");
        };
    }

}
