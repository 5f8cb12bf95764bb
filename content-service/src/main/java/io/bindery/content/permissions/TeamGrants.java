package io.bindery.content.permissions;

import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.content.PermissionChanged;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.lists.Where;
import io.bindery.commons.projection.IdentityClient;
import io.bindery.commons.projection.TeamProjection;
import io.bindery.content.domain.ContentItem;
import io.bindery.content.access.ContentAccess;
import io.bindery.content.access.ContentLookup;
import io.bindery.content.access.ContentLookup.Loaded;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
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
    EntityManager em;

    /** The teams granted a role on the item, oldest grant first; deleted teams are left out. */
    @Transactional
    public ListPage<TeamPermissionView> list(String type, String id, String callerId, String limit, String page) {
        ContentItem item = load(type, id, callerId).item();
        ListPage<Object[]> rows = OLDEST_FIRST.page(Keyset.emptyAsFirst(page), Limits.parse(limit)).sql(em,
                "SELECT g.team_id, g.role, g.created_at", "FROM content_team_grant g JOIN projected_team t ON t.id = g.team_id AND t.active",
                Where.of("g.target_id = :t", "t", item.id()));
        List<String> ids = rows.items().stream().map(r -> (String) r[0]).toList();
        Map<String, JsonNode> views = new HashMap<>();
        identity.teamViews(item.organizationId(), callerId, ids).forEach(v -> views.put(v.path("id").asText(), v));
        // a team deleted in identity a moment ago, whose event is not applied yet, shows as its id alone
        return rows.map(r -> new TeamPermissionView((String) r[1], views.getOrDefault((String) r[0], missingTeam((String) r[0]))));
    }

    /** Rows of (team_id, role, created_at), oldest grant first. */
    private static final Keyset<Object[]> OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("g.created_at", r -> (Instant) r[2]), SortKey.text("g.team_id", r -> (String) r[0]));

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
        @SuppressWarnings("unchecked")
        List<Object[]> gone = em.createNativeQuery("DELETE FROM content_team_grant WHERE team_id = :team "
                        + "RETURNING target_id, target_type, organization_id")
                .setParameter("team", deleted.teamId()).getResultList();
        for (Object[] row : gone) {
            events.publish(ContentEventTypes.permissionRemoved((String) row[1]), (String) row[0],
                    data((String) row[1], (String) row[0], (String) row[2], deleted.teamId(), null));
        }
    }

    private void grant(ContentItem item, String teamId, Role role) {
        em.createNativeQuery("""
                        INSERT INTO content_team_grant (target_id, team_id, target_type, organization_id, role, created_at)
                        VALUES (:t, :team, :type, :org, :role, :now)
                        ON CONFLICT (target_id, team_id) DO UPDATE SET role = EXCLUDED.role""")
                .setParameter("t", item.id()).setParameter("team", teamId).setParameter("type", item.type())
                .setParameter("org", item.organizationId()).setParameter("role", role.wire())
                .setParameter("now", Instant.now().truncatedTo(ChronoUnit.MILLIS)).executeUpdate();
        events.publish(ContentEventTypes.permissionUpdated(item.type()), item.id(),
                data(item.type(), item.id(), item.organizationId(), teamId, role.wire()));
    }

    private boolean revoke(ContentItem item, String teamId) {
        int removed = em.createNativeQuery("DELETE FROM content_team_grant WHERE target_id = :t AND team_id = :team")
                .setParameter("t", item.id()).setParameter("team", teamId).executeUpdate();
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
