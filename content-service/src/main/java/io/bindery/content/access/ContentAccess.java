package io.bindery.content.access;

import io.bindery.commons.auth.Role;
import io.bindery.commons.auth.SpaceRoles;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.projection.Membership;
import io.bindery.commons.projection.MembershipProjection;
import io.bindery.content.domain.ContentItem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.HashSet;

/**
 * The caller's role on spaces and collections: ARCHITECTURE.md's rule ({@link SpaceRoles}) fed by the
 * membership and team projections, the item's enclosing collections and the grants to the caller and its
 * teams, read in one query. A grant on a collection reaches everything inside it; the highest grant wins.
 */
@ApplicationScoped
public class ContentAccess {
    @Inject
    MembershipProjection memberships;
    @Inject
    RoleStore store;

    /** The caller's membership in an organization; 404 when it is not a member (never reveal the org). */
    public Membership requireMember(String organizationId, String userId) {
        return memberships.find(organizationId, userId)
                .orElseThrow(() -> ApiException.notFound("no organization " + organizationId));
    }

    public Optional<Membership> membership(String organizationId, String userId) {
        return memberships.find(organizationId, userId);
    }

    /** The role of a member on an item, or empty when it may not see it. */
    public Optional<Role> role(Membership member, ContentItem item) {
        return Optional.ofNullable(roles(member, List.of(item)).get(item.id()));
    }

    /**
     * The roles of a member on many items of its organization at once (one query for a whole list page):
     * item id to role, without the items it may not see. Every grant on the item or an enclosing collection,
     * the caller's or its teams', counts; the highest wins.
     */
    public Map<String, Role> roles(Membership member, List<? extends ContentItem> items) {
        Map<String, Role> out = new HashMap<>();
        if (items.isEmpty()) {
            return out;
        }
        if (member.admin()) {
            items.forEach(i -> out.put(i.id(), Role.ADMIN));
            return out;
        }
        Set<String> ids = new HashSet<>();
        Set<String> ancestors = new HashSet<>();
        for (ContentItem item : items) {
            ids.add(item.id());
            ancestors.addAll(List.of(item.ancestors()));
        }
        ids.addAll(ancestors);
        Map<String, List<Role>> grants = new HashMap<>();
        Map<String, Role> levels = new HashMap<>();
        List<Object[]> rows = store.grantsAndLevels(member.userId(), ids, ancestors);
        for (Object[] row : rows) {
            Role role = Role.parse("role", (String) row[2]);
            if ("g".equals(row[0])) {
                grants.computeIfAbsent((String) row[1], k -> new ArrayList<>()).add(role);
            } else {
                levels.put((String) row[1], role);
            }
        }
        for (ContentItem item : items) {
            String[] chain = item.ancestors();
            List<Role> reaching = new ArrayList<>(grants.getOrDefault(item.id(), List.of()));
            List<Role> collectionLevels = new ArrayList<>(chain.length);
            for (int i = chain.length - 1; i >= 0; i--) {
                reaching.addAll(grants.getOrDefault(chain[i], List.of()));
                collectionLevels.add(levels.get(chain[i]));
            }
            SpaceRoles.resolve(true, member.role(), reaching, Role.parse("defaultLevel", item.defaultLevel()),
                    collectionLevels).ifPresent(r -> out.put(item.id(), r));
        }
        return out;
    }

    /** The caller's role on an item of its organization, or 404 when it may not see the item. */
    public Role requireRole(Membership member, ContentItem item, String notFound) {
        return role(member, item).orElseThrow(() -> ApiException.notFound(notFound));
    }

    /**
     * The right to create spaces and collections at a place: at the organization's root the caller's own
     * member role must be create or admin; inside a collection its role there must be create or above.
     */
    public boolean canCreateAt(Membership member, ContentItem parentOrNull) {
        if (parentOrNull == null) {
            return member.role() != null && member.role().atLeast(Role.CREATE);
        }
        return role(member, parentOrNull).map(r -> new CollectionPolicy(parentOrNull.id(), r).canCreate()).orElse(false);
    }

    /**
     * The SQL condition (over the alias {@code t} with columns id, ancestors) selecting the items a member can
     * see, with its parameters; null when it sees everything in the organization. Members see every item (the
     * lowest level is read); guests only what is granted to them or to their teams, there or on an enclosing
     * collection.
     */
    public VisibilityFilter visibilityFilter(Membership member) {
        if (!member.guest()) {
            return null;
        }
        return new VisibilityFilter("(EXISTS (SELECT 1 FROM content_grant g WHERE g.user_id = :viewer "
                + "AND (g.target_id = t.id OR g.target_id = ANY (t.ancestors))) "
                + "OR EXISTS (SELECT 1 FROM content_team_grant g "
                + "JOIN projected_team_member tm ON tm.team_id = g.team_id AND tm.user_id = :viewer AND tm.active "
                + "JOIN projected_team pt ON pt.id = g.team_id AND pt.active "
                + "WHERE g.target_id = t.id OR g.target_id = ANY (t.ancestors)))", member.userId());
    }

    /** A visibility condition; bind {@code viewer} to the user id. */
    public record VisibilityFilter(String sql, String viewer) {
    }
}
