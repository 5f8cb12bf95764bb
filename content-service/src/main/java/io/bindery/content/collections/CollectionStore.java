package io.bindery.content.collections;

import io.bindery.content.access.CollectionRows;
import io.bindery.content.domain.ContentItem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import java.util.List;

/**
 * The {@code collection} table: reads collections by id, for this feature and, as {@link CollectionRows}, for
 * content's lookup; locks, adds, deletes and re-parents them, in the caller's transaction.
 */
@ApplicationScoped
public class CollectionStore implements CollectionRows {
    @Inject
    EntityManager em;

    public Collection find(String id) {
        return Collection.findById(id);
    }

    /**
     * A collection for a read-modify-write, {@code SELECT … FOR UPDATE} re-read even when this transaction loaded
     * it before, as spaces' SpaceStore locks a space: a concurrent move, PATCH or delete of it waits, or this waits
     * for it and then changes the row as it was left. Null when there is none.
     */
    Collection lock(String id) {
        if (id == null) {
            return null;
        }
        Collection c = em.find(Collection.class, id);
        if (c != null) {
            em.refresh(c, LockModeType.PESSIMISTIC_WRITE);
        }
        return c;
    }

    /** Adds a new collection (inserted at the transaction's next flush). */
    void insert(Collection c) {
        c.persist();
    }

    /**
     * Writes what this transaction changed so far, now: before the statements that rewrite the ancestors below a
     * moved collection, and before {@link #clear} forgets a transferred collection's unwritten changes.
     */
    void flush() {
        em.flush();
    }

    /**
     * Forgets every entity this transaction loaded, so the next reads see what the statements that went around
     * Hibernate (a subtree's delete, trash and ancestors' rewrite) left in the rows.
     */
    void clear() {
        em.clear();
    }

    /** A collection and everything nested in it (collections only), the collection first. */
    @SuppressWarnings("unchecked")
    List<Collection> subtree(String id) {
        return em.createNativeQuery("SELECT * FROM collection WHERE id = :c OR :c = ANY (ancestors) "
                        + "ORDER BY cardinality(ancestors), id", Collection.class)
                .setParameter("c", id).getResultList();
    }

    /** Deletes the collection's row (its subtree's rows go with it: ON DELETE CASCADE). */
    void delete(String id) {
        em.createNativeQuery("DELETE FROM collection WHERE id = :c").setParameter("c", id).executeUpdate();
    }

    /**
     * Replaces the part above the collection of each chain of ancestors below it by {@code prefix} (a text[]
     * literal), moving those collections to {@code organizationId}.
     */
    void rewriteAncestors(String id, String prefix, String organizationId) {
        em.createNativeQuery("UPDATE collection SET organization_id = :org, updated_at = now(), "
                        + "ancestors = CAST(:prefix AS text[]) || ancestors[array_position(ancestors, :c):] "
                        + "WHERE :c = ANY (ancestors)")
                .setParameter("org", organizationId).setParameter("prefix", prefix).setParameter("c", id)
                .executeUpdate();
    }

    @Override
    public ContentItem collection(String id) {
        return find(id);
    }
}
