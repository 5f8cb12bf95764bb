package io.bindery.content.permissions;

import io.bindery.content.access.ContentAccess;
import io.bindery.content.access.ContentLookup;
import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.content.PermissionChanged;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.projection.UserDirectory;
import io.bindery.commons.projection.UserRef;
import io.bindery.content.domain.ContentItem;
import io.bindery.content.access.ContentLookup.Loaded;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.util.Map;

/**
 * Per-user grants on spaces and collections (GitBook's "permissions/users" endpoints). A grant names a member
 * of the item's organization (guests included: a grant is how a guest sees anything); admins manage them.
 */
@ApplicationScoped
public class UserGrants {
    @Inject
    ContentAccess access;
    @Inject
    ContentLookup lookup;
    @Inject
    UserDirectory users;
    @Inject
    EventPublisher events;
    @Inject
    io.bindery.commons.urls.PublicUrls urls;
    @Inject
    GrantStore store;

    @Transactional
    public ListPage<UserPermissionView> list(String type, String id, String callerId, String limit, String page) {
        ContentItem item = load(type, id, callerId).item();
        ListPage<Object[]> rows = store.userGrants(item.id(), page, limit);
        Map<String, UserRef> known = users.findAll(rows.items().stream().map(r -> (String) r[0]).toList());
        return rows.map(r -> new UserPermissionView((String) r[1], known.getOrDefault((String) r[0],
                // a user identity no longer knows still shows with its id
                new UserRef((String) r[0], (String) r[0], null, null)).view(urls)));
    }

    /** Sets (or with a null role removes) a user's grant. */
    @Transactional
    public void set(String type, String id, String callerId, String userId, RoleRequest request) {
        Role role = request.role();
        ContentItem item = load(type, id, callerId).requireAdmin().item();
        if (access.membership(item.organizationId(), userId).isEmpty()) {
            throw ApiException.notFound("no member " + userId + " in organization " + item.organizationId());
        }
        if (role == null) {
            revoke(item, userId);
            return;
        }
        grant(item, userId, role);
    }

    /** Gives a member (already checked) a role on the item, replacing its grant there; publishes the change. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void grant(ContentItem item, String userId, Role role) {
        store.grantUser(item, userId, role);
        events.publish(ContentEventTypes.permissionUpdated(item.type()), item.id(), data(item, userId, role.wire()));
    }

    @Transactional
    public void remove(String type, String id, String callerId, String userId) {
        ContentItem item = load(type, id, callerId).requireAdmin().item();
        revoke(item, userId);
    }

    /** The creator of a space or collection who is not an org admin administers what it created. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void grantCreator(ContentItem item, String userId) {
        store.grantCreator(item, userId);
        events.publish(ContentEventTypes.permissionUpdated(item.type()), item.id(), data(item, userId, Role.ADMIN.wire()));
    }

    /**
     * Drops every grant, to users and to teams, on these spaces and collections: they leave the organization or
     * are gone for good.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void dropAll(java.util.Collection<String> targetIds) {
        if (targetIds.isEmpty()) {
            return;
        }
        store.dropAll(targetIds);
    }

    private void revoke(ContentItem item, String userId) {
        int removed = store.revokeUser(item, userId);
        if (removed > 0) {
            events.publish(ContentEventTypes.permissionRemoved(item.type()), item.id(), data(item, userId, null));
        }
    }

    private Loaded<? extends ContentItem> load(String type, String id, String callerId) {
        return type.equals("space") ? lookup.space(id, callerId) : lookup.collection(id, callerId);
    }

    private static PermissionChanged data(ContentItem item, String userId, String role) {
        return PermissionChanged.ofUser(item.type(), item.id(), item.organizationId(), userId, role);
    }
}
