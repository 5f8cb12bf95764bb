package io.bindery.content.items;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;

import java.util.List;

/**
 * The positions of a parent's items, over the {@code space} and {@code collection} tables together (one order
 * for both): what {@link Placement} reads to place an item and the renumbering it asks for.
 */
@ApplicationScoped
class PlacementStore {
    @Inject
    EntityManager em;

    /** The highest position among a parent's items; null when it has none. */
    Double maxPosition(String organizationId, String parentId) {
        Query q = em.createNativeQuery("SELECT max(p) FROM ("
                + "SELECT max(position) AS p FROM space WHERE organization_id = :org AND " + parentCondition(parentId)
                + " UNION ALL SELECT max(position) FROM collection WHERE organization_id = :org AND " + parentCondition(parentId)
                + ") x");
        bind(q, organizationId, parentId);
        Object max = q.getSingleResult();
        return max == null ? null : ((Number) max).doubleValue();
    }

    /** The position of a (live) space or collection in the parent; null when it is not one of the parent's items. */
    Double position(String type, String id, String organizationId, String parentId) {
        String table = type.equals("space") ? "space" : "collection";
        Query q = em.createNativeQuery("SELECT position FROM " + table + " WHERE id = :id AND organization_id = :org AND "
                + parentCondition(parentId) + (table.equals("space") ? " AND deleted_at IS NULL" : ""));
        bind(q, organizationId, parentId).setParameter("id", id);
        @SuppressWarnings("unchecked")
        List<Object> rows = q.getResultList();
        return rows.isEmpty() ? null : ((Number) rows.get(0)).doubleValue();
    }

    /** The item right after (or before) a (position, id) key in the parent, leaving out {@code excludeId}; null: none. */
    Placement.Sibling neighbour(String organizationId, String parentId, double position, String id, boolean next,
                                String excludeId) {
        String cmp = next ? ">" : "<";
        String order = next ? "ASC" : "DESC";
        Query q = em.createNativeQuery("SELECT type, id, position FROM ("
                + "SELECT 'space' AS type, id, position FROM space WHERE organization_id = :org AND deleted_at IS NULL AND "
                + parentCondition(parentId)
                + " UNION ALL SELECT 'collection', id, position FROM collection WHERE organization_id = :org AND "
                + parentCondition(parentId) + ") s WHERE (position, id) " + cmp + " (:pos, :key)"
                + (excludeId == null ? "" : " AND id <> :exclude")
                + " ORDER BY position " + order + ", id " + order + " LIMIT 1");
        bind(q, organizationId, parentId).setParameter("pos", position).setParameter("key", id);
        if (excludeId != null) {
            q.setParameter("exclude", excludeId);
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = q.getResultList();
        return rows.stream().findFirst()
                .map(r -> new Placement.Sibling((String) r[0], (String) r[1], ((Number) r[2]).doubleValue())).orElse(null);
    }

    /** Spreads a parent's items evenly again ({@code gap} apart), keeping their order; pending writes go first. */
    void renumber(String organizationId, String parentId, double gap) {
        em.flush();
        Query q = em.createNativeQuery("WITH ordered AS (SELECT type, id, row_number() OVER (ORDER BY position, id) AS rn FROM ("
                + "SELECT 'space' AS type, id, position FROM space WHERE organization_id = :org AND " + parentCondition(parentId)
                + " UNION ALL SELECT 'collection', id, position FROM collection WHERE organization_id = :org AND "
                + parentCondition(parentId) + ") s), "
                + "spaces AS (UPDATE space SET position = o.rn * " + gap + " FROM ordered o WHERE o.type = 'space' AND space.id = o.id RETURNING 1) "
                + "UPDATE collection SET position = o.rn * " + gap + " FROM ordered o WHERE o.type = 'collection' AND collection.id = o.id");
        bind(q, organizationId, parentId).executeUpdate();
    }

    private static String parentCondition(String parentId) {
        return parentId == null ? "parent_id IS NULL" : "parent_id = :parent";
    }

    private static Query bind(Query q, String organizationId, String parentId) {
        q.setParameter("org", organizationId);
        if (parentId != null) {
            q.setParameter("parent", parentId);
        }
        return q;
    }
}
