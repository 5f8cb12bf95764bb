package io.bindery.content.permissions;

import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.content.PermissionChanged;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.projection.IdentityClient;
import io.bindery.commons.projection.TeamProjection;
import io.bindery.content.domain.ContentItem;
import io.bindery.content.access.ContentAccess;
import io.bindery.content.access.ContentLookup;
import io.bindery.content.access.ContentLookup.Loaded;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Grants to teams on spaces and collections (GitBook's "permissions/teams" endpoints) and the invite of users and
 * teams ({@code POST …/permissions}). A team must be one of the item's organization (checked against the team
 * projection, read through to identity for a team this service has not heard of yet); admins of the item manage
 * them. Members of a team get its role through {@link ContentAccess}.
 */
@ApplicationScoped
public class TeamGrants {
    @Inject
    ContentLookup lookup;
    @Inject
    ContentAccess access;
    @Inject
    UserGrants userGrants;
    @Inject
    TeamProjection teams;
    @Inject
    IdentityClient identity;
    @Inject
    EventPublisher events;
    @Inject
    GrantStore store;

    /** The teams granted a role on the item, oldest grant first; deleted teams are left out. */
    @Transactional
    public ListPage<TeamPermissionView> list(String type, String id, String callerId, String limit, String page) {
        ContentItem item = load(type, id, callerId).item();
        ListPage<Object[]> rows = store.teamGrants(item.id(), page, limit);
        List<String> ids = rows.items().stream().map(r -> (String) r[0]).toList();
        Map<String, JsonNode> views = new HashMap<>();
        identity.teamViews(item.organizationId(), callerId, ids).forEach(v -> views.put(v.path("id").asText(), v));
        // a team deleted in identity a moment ago, whose event is not applied yet, shows as its id alone
        return rows.map(r -> new TeamPermissionView((String) r[1], views.getOrDefault((String) r[0], missingTeam((String) r[0]))));
    }

    /** Sets (or with a null role removes) a team's grant; 404 for a team that is not the organization's. */
    @Transactional
    public void set(String type, String id, String callerId, String teamId, RoleRequest request) {
        Role role = request.role();
        ContentItem item = load(type, id, callerId).requireAdmin().item();
        requireTeam(item, teamId, "");
        if (role == null) {
            revoke(item, teamId);
        } else {
            grant(item, teamId, role);
        }
    }

    /** Removes a team's grant: true when there was one. */
    @Transactional
    public boolean remove(String type, String id, String callerId, String teamId) {
        ContentItem item = load(type, id, callerId).requireAdmin().item();
        return revoke(item, teamId);
    }

    /** Gives the role to every user and team listed, all or none: one unknown entry is a 404 and changes nothing. */
    @Transactional
    public void invite(String type, String id, String callerId, InviteRequest request) {
        ContentItem item = load(type, id, callerId).requireAdmin().item();
        for (int i = 0; i < request.users().size(); i++) {
            String user = request.users().get(i);
            if (access.membership(item.organizationId(), user).isEmpty()) {
                throw ApiException.notFound("users[" + i + "]: no member " + user + " in organization " + item.organizationId());
            }
        }
        for (int i = 0; i < request.teams().size(); i++) {
            requireTeam(item, request.teams().get(i), "teams[" + i + "]: ");
        }
        request.users().forEach(user -> userGrants.grant(item, user, request.role()));
        request.teams().forEach(team -> grant(item, team, request.role()));
    }

    /** A deleted team loses its grants everywhere (its members lost them already: the projection says inactive). */
    void onTeamDeleted(@Observes TeamProjection.TeamDeleted deleted) {
        List<Object[]> gone = store.dropTeam(deleted.teamId());
        for (Object[] row : gone) {
            events.publish(ContentEventTypes.permissionRemoved((String) row[1]), (String) row[0],
                    data((String) row[1], (String) row[0], (String) row[2], deleted.teamId(), null));
        }
    }

    private void grant(ContentItem item, String teamId, Role role) {
        store.grantTeam(item, teamId, role);
        events.publish(ContentEventTypes.permissionUpdated(item.type()), item.id(),
                data(item.type(), item.id(), item.organizationId(), teamId, role.wire()));
    }

    private boolean revoke(ContentItem item, String teamId) {
        int removed = store.revokeTeam(item, teamId);
        if (removed > 0) {
            events.publish(ContentEventTypes.permissionRemoved(item.type()), item.id(),
                    data(item.type(), item.id(), item.organizationId(), teamId, null));
        }
        return removed > 0;
    }

    private void requireTeam(ContentItem item, String teamId, String field) {
        if (teamId == null || teamId.isBlank() || teamId.indexOf('\0') >= 0 || !teams.exists(item.organizationId(), teamId)) {
            throw ApiException.notFound(field + "no team " + teamId + " in organization " + item.organizationId());
        }
    }

    private Loaded<? extends ContentItem> load(String type, String id, String callerId) {
        return type.equals("space") ? lookup.space(id, callerId) : lookup.collection(id, callerId);
    }

    private static JsonNode missingTeam(String teamId) {
        return com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode()
                .put("object", "team").put("id", teamId);
    }

    /** Event data: {space|collection, organization, team, role}; the user-grant events carry {@code user} instead. */
    private static PermissionChanged data(String type, String targetId, String organizationId, String teamId, String role) {
        return PermissionChanged.ofTeam(type, targetId, organizationId, teamId, role);
    }
}
