package io.bindery.content.spaces;

import io.bindery.content.items.SpaceView;
import io.bindery.content.access.ContentAccess;
import io.bindery.content.access.ContentLookup;
import io.bindery.content.collections.CollectionService;
import io.bindery.content.items.ContentLists;
import io.bindery.content.items.MoveRequest;
import io.bindery.content.items.TransferRequest;
import io.bindery.content.items.ContentViews;
import io.bindery.content.items.Placement;
import io.bindery.content.permissions.UserGrants;
import io.bindery.content.revisions.Revisions;
import io.bindery.contracts.content.ContentEventTypes;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.projection.Membership;
import io.bindery.content.domain.ContentItem;
import io.bindery.content.domain.SpaceRow;
import io.bindery.content.domain.SpaceSettings;
import io.bindery.content.domain.Visibility;
import io.bindery.content.access.ContentLookup.Loaded;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/** Spaces: create, list, read, update, duplicate, move and transfer. Deletion lives in {@link SpaceTrash}. */
@ApplicationScoped
public class Spaces {

    @Inject
    ContentAccess access;
    @Inject
    ContentLookup lookup;
    @Inject
    SpaceLookup spaceLookup;
    @Inject
    ContentViews views;
    @Inject
    ContentLists lists;
    @Inject
    Placement placement;
    @Inject
    UserGrants grants;
    @Inject
    CollectionService collections;
    @Inject
    Revisions revisions;
    @Inject
    SearchCopies searchCopies;
    @Inject
    EventPublisher events;
    @Inject
    SpaceStore store;
    @Inject
    ObjectMapper json;

    @Transactional
    public SpaceView create(String organizationId, String callerId, CreateSpaceRequest request) {
        String parentId = request.parent();
        Membership member = access.requireMember(organizationId, callerId);
        ContentItem parent = parentId == null ? null : collections.visibleParent(member, parentId, "parent");
        if (!access.canCreateAt(member, parent)) {
            throw ApiException.forbidden("you may not create spaces " + CollectionService.place(parent));
        }
        Space s = newSpace(organizationId, parent, request.title());
        s.emoji = request.emoji();
        s.language = request.language();
        s.visibility = request.visibility();
        s.editMode = request.editMode();
        s.mergeRules = SpaceSettings.DEFAULT_MERGE_RULES;
        s.position = placement.last(organizationId, parentId);
        persistWithRevision(s, null);
        return created(s, member, callerId);
    }

    @Transactional
    public ListPage<SpaceView> list(String organizationId, String callerId, String limit, String page) {
        Membership member = access.requireMember(organizationId, callerId);
        ContentLists.Query query = new ContentLists.Query("space", "t.organization_id = :org AND t.deleted_at IS NULL",
                Map.of("org", organizationId), ContentLists.Order.CREATED_ASC);
        return lists.page(query, member, Space.class, limit, page,
                (items, roles) -> items.stream().map(s -> views.space(s.row(), roles.get(s.id))).toList());
    }

    /** The spaces a member can see, with its role on each: for itself or for an organization admin. */
    @Transactional
    public ListPage<MemberSpaceView> ofMember(String organizationId, String callerId, String userId, String limit,
                                              String page, String order) {
        Membership caller = access.requireMember(organizationId, callerId);
        if (!callerId.equals(userId) && !caller.admin()) {
            throw ApiException.forbidden("only organization admins may list the spaces of another member");
        }
        Membership member = access.membership(organizationId, userId)
                .orElseThrow(() -> ApiException.notFound("no member " + userId + " in organization " + organizationId));
        ContentLists.Order sort = switch (order == null || order.isEmpty() ? "desc" : order) {
            case "desc" -> ContentLists.Order.CREATED_DESC;
            case "asc" -> ContentLists.Order.CREATED_ASC;
            default -> throw ApiException.badRequest("order must be asc or desc");
        };
        ContentLists.Query query = new ContentLists.Query("space", "t.organization_id = :org AND t.deleted_at IS NULL",
                Map.of("org", organizationId), sort);
        return lists.page(query, member, Space.class, limit, page, items -> {
            Map<String, Role> theirs = access.roles(member, items);
            Map<String, Role> mine = member.userId().equals(callerId) ? theirs : access.roles(caller, items);
            return items.stream().map(s -> new MemberSpaceView(theirs.get(s.id).wire(), views.space(s.row(), mine.get(s.id)))).toList();
        });
    }

    /** Read-only, outside a transaction: the hottest route, one primary-key read when the membership is cached. */
    public SpaceView get(String id, String callerId) {
        // the row alone, not the entity: this read changes nothing (issue 29)
        Loaded<SpaceRow> l = lookup.spaceRow(id, callerId);
        return views.space(l.item(), l.role());
    }

    @Transactional
    public SpaceView update(String id, String callerId, UpdateSpaceRequest request) {
        Loaded<Space> l = spaceLookup.spaceForUpdate(id, callerId).requireAdmin();
        Space s = l.item();
        String before = json.valueToTree(views.space(s.row(), null)).toString();
        if (request.title() != null) {
            s.title = request.title().value();
        }
        if (request.emoji() != null) {
            s.emoji = request.emoji().value();
        }
        if (request.editMode() != null) {
            s.editMode = request.editMode().value();
        }
        if (request.language() != null) {
            s.language = request.language().value();
        }
        if (request.defaultLevel() != null) {
            s.defaultLevel = request.defaultLevel().value();
        }
        if (request.mergeRules() != null) {
            s.mergeRules = request.mergeRules().value();
        }
        if (request.visibility() != null) {
            Visibility visibility = request.visibility().value();
            if (visibility == Visibility.IN_COLLECTION && s.parentId == null) {
                throw ApiException.badRequest("visibility: in-collection is only for spaces in a collection");
            }
            s.visibility = visibility;
        }
        if (!json.valueToTree(views.space(s.row(), null)).toString().equals(before)) {
            s.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            events.publish(ContentEventTypes.SPACE_UPDATED, s.id, views.space(s.row(), null));
        }
        return views.space(s.row(), l.role());
    }

    /** A copy of a space, with its current content, right after the original. */
    @Transactional
    public SpaceView duplicate(String id, String callerId) {
        Loaded<Space> l = spaceLookup.space(id, callerId);
        Space original = l.item();
        ContentItem parent = original.parentId == null ? null : collections.find(original.parentId);
        if (!access.canCreateAt(l.member(), parent)) {
            throw ApiException.forbidden("you may not create spaces " + CollectionService.place(parent));
        }
        String title = original.title.length() > 43 ? original.title.substring(0, 43) : original.title;
        Space copy = newSpace(original.organizationId, parent, title + " (copy)");
        copy.emoji = original.emoji;
        copy.visibility = original.visibility;
        copy.editMode = original.editMode;
        copy.language = original.language;
        copy.defaultLevel = original.defaultLevel;
        copy.mergeRules = original.mergeRules;
        copy.position = placement.after(copy, original);
        persistWithRevision(copy, original);
        return created(copy, l.member(), callerId);
    }

    @Transactional
    public SpaceView move(String id, String callerId, MoveRequest request) {
        Loaded<Space> l = movable(id, callerId);
        Space s = l.item();
        String targetParent = request.parent() != null ? request.parent().value() : s.parentId;
        ContentItem target = null;
        if (targetParent != null) {
            target = collections.find(targetParent);
            if (target == null || access.role(l.member(), target).isEmpty()) {
                throw ApiException.notFound("parent: no collection " + targetParent);
            }
            if (!target.organizationId().equals(s.organizationId)) {
                throw ApiException.badRequest("parent: collection " + targetParent + " is in another organization; use transfer");
            }
        }
        return relocate(l, s.organizationId, target, request.position());
    }

    @Transactional
    public SpaceView transfer(String id, String callerId, TransferRequest request) {
        String organization = request.organization();
        String parentId = request.parent();
        Loaded<Space> l = movable(id, callerId);
        Space s = l.item();
        boolean sameOrg = organization.equals(s.organizationId);
        Membership target = sameOrg ? l.member() : collections.requireAdminOf(organization, callerId);
        ContentItem parent = parentId == null ? null : collections.visibleParent(target, parentId, "parent");
        if (sameOrg) {
            if (Objects.equals(parentId, s.parentId)) {
                throw ApiException.conflict("space " + s.id + " is already in organization " + organization
                        + (parentId == null ? "" : " and collection " + parentId));
            }
            return relocate(l, organization, parent, null);
        }
        if (parent == null && s.visibility == Visibility.IN_COLLECTION) {
            throw ApiException.badRequest("visibility: space " + s.id + " is in-collection; give a parent collection or change its visibility first");
        }
        grants.dropAll(List.of(s.id));
        s.organizationId = organization;
        s.parentId = parentId;
        s.ancestors = CollectionService.childAncestors(parent);
        s.position = placement.last(organization, parentId);
        s.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        events.publish(ContentEventTypes.SPACE_TRANSFERRED, s.id, views.space(s.row(), null));
        return views.space(s.row(), access.requireRole(target, s, "no space " + s.id));
    }

    /** Moves a space of the caller's organization to another parent and/or position. */
    private SpaceView relocate(Loaded<Space> l, String organizationId, ContentItem target, JsonNode position) {
        Space s = l.item();
        String targetParent = target == null ? null : target.id();
        boolean newParent = !Objects.equals(targetParent, s.parentId);
        if (newParent && target == null && s.visibility == Visibility.IN_COLLECTION) {
            throw ApiException.badRequest("visibility: space " + s.id + " is in-collection and cannot sit at the root; change its visibility first");
        }
        if (newParent && !access.canCreateAt(l.member(), target)) {
            throw ApiException.forbidden("you may not add spaces " + CollectionService.place(target));
        }
        OptionalDouble at = placement.place(s, s.position, organizationId, targetParent, position);
        if (at.isEmpty()) {
            throw ApiException.conflict("space " + s.id + " is already there: the move would change nothing");
        }
        s.parentId = targetParent;
        s.ancestors = CollectionService.childAncestors(target);
        s.position = at.getAsDouble();
        s.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        events.publish(ContentEventTypes.SPACE_MOVED, s.id, views.space(s.row(), null));
        return views.space(s.row(), access.requireRole(l.member(), s, "no space " + s.id));
    }

    /** A space the caller administers; a deleted one is 412 (restore it first), an unseen one 404. */
    private Loaded<Space> movable(String id, String callerId) {
        Loaded<Space> l = spaceLookup.anySpaceForUpdate(id, callerId).orElseThrow(() -> ApiException.notFound("no space " + id));
        if (l.item().deleted()) {
            if (l.role() == Role.ADMIN) {
                throw new ApiException(412, "space " + id + " is deleted: restore it before moving it");
            }
            throw ApiException.notFound("no space " + id);
        }
        return l.requireAdmin();
    }

    private Space newSpace(String organizationId, ContentItem parent, String title) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Space s = new Space();
        s.id = Ids.newId();
        s.organizationId = organizationId;
        s.parentId = parent == null ? null : parent.id();
        s.ancestors = CollectionService.childAncestors(parent);
        s.title = title;
        s.createdAt = now;
        s.updatedAt = now;
        return s;
    }

    /** Persists a new space with its first revision: empty, or a copy of {@code original}'s current content. */
    private void persistWithRevision(Space s, Space original) {
        s.revisionId = Ids.newId();
        store.insert(s);
        store.flush();
        // a copy shares the original's page versions and file bytes: only the manifest pointers are copied
        if (revisions.first(s.revisionId, s.id, s.createdAt, original == null ? null : original.revisionId)) {
            store.flush();
            searchCopies.copyIndex(original.id, s.id);
        }
    }

    private SpaceView created(Space s, Membership member, String callerId) {
        if (!member.admin()) {
            grants.grantCreator(s, callerId);
        }
        events.publish(ContentEventTypes.SPACE_CREATED, s.id, views.space(s.row(), null));
        return views.space(s.row(), access.requireRole(member, s, "no space " + s.id));
    }
}
