package io.bindery.content.service;

import io.bindery.commons.auth.Role;
import io.bindery.commons.auth.SpaceRoles;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.projection.Membership;
import io.bindery.commons.projection.MembershipProjection;
import io.bindery.content.domain.ContentItem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.HashSet;

/**
 * The caller's role on spaces and collections: ARCHITECTURE.md's rule ({@link SpaceRoles}) fed by the
 * membership projection, the item's enclosing collections and the caller's grants, read in one query.
 * A grant on a collection reaches everything inside it; the nearest grant wins.
 */
@ApplicationScoped
public class ContentAccess {
    @Inject
    MembershipProjection memberships;
    @Inject
    EntityManager em;

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
     * item id to role, without the items it may not see.
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
        Map<String, Role> grants = new HashMap<>();
        Map<String, Role> levels = new HashMap<>();
        String grantSql = "SELECT 'g', target_id, role FROM content_grant WHERE user_id = :user AND target_id IN (:ids)";
        var query = em.createNativeQuery(ancestors.isEmpty() ? grantSql
                        : grantSql + " UNION ALL SELECT 'c', id, default_level FROM collection WHERE id IN (:ancestors)")
                .setParameter("user", member.userId()).setParameter("ids", ids);
        if (!ancestors.isEmpty()) {
            query.setParameter("ancestors", ancestors);
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = query.getResultList();
        for (Object[] row : rows) {
            Map<String, Role> target = "g".equals(row[0]) ? grants : levels;
            target.put((String) row[1], Role.parse("role", (String) row[2]));
        }
        for (ContentItem item : items) {
            String[] chain = item.ancestors();
            Role grant = grants.get(item.id());
            List<Role> collectionLevels = new ArrayList<>(chain.length);
            for (int i = chain.length - 1; i >= 0; i--) {
                if (grant == null) {
                    grant = grants.get(chain[i]);
                }
                collectionLevels.add(levels.get(chain[i]));
            }
            SpaceRoles.resolve(true, member.role(), grant, Role.parse("defaultLevel", item.defaultLevel()),
                    collectionLevels, member.orgDefaultRole()).ifPresent(r -> out.put(item.id(), r));
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
        return role(member, parentOrNull).map(r -> r.atLeast(Role.CREATE)).orElse(false);
    }

    /**
     * The SQL condition (over the alias {@code t} with columns id, ancestors, default_level) selecting the items
     * a member can see, with its parameters; null when it sees everything in the organization.
     */
    public VisibilityFilter visibilityFilter(Membership member) {
        if (member.admin() || (!member.guest() && member.orgDefaultRole() != null)) {
            return null;
        }
        String granted = "EXISTS (SELECT 1 FROM content_grant g WHERE g.user_id = :viewer "
                + "AND (g.target_id = t.id OR g.target_id = ANY (t.ancestors)))";
        if (member.guest()) {
            return new VisibilityFilter(granted, member.userId());
        }
        return new VisibilityFilter("(" + granted + " OR t.default_level IS NOT NULL OR EXISTS (SELECT 1 FROM collection a "
                + "WHERE a.id = ANY (t.ancestors) AND a.default_level IS NOT NULL))", member.userId());
    }

    /** A visibility condition; bind {@code viewer} to the user id. */
    public record VisibilityFilter(String sql, String viewer) {
    }
}
