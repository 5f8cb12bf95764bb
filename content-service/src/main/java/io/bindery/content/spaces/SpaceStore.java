package io.bindery.content.spaces;

import io.bindery.content.access.ContentAccess;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

/**
 * The {@code space} table: the entity's finders and the statements that set what other services tell content
 * about a space (review's counters, Git Sync's state, sites' published address). Its methods run in the caller's
 * transaction; reads through Panache go through the persistence context, so a later lock or write of the same
 * space costs no extra query.
 */
@ApplicationScoped
class SpaceStore {
    @Inject
    EntityManager em;

    /** A space by id, deleted or not; null when there is none. */
    Space find(String id) {
        return Space.findById(id);
    }

    /**
     * A space, deleted or not, for a read-modify-write: {@code SELECT … FOR UPDATE}, re-read even when this
     * transaction loaded it before (a plain lock on a managed entity would keep its stale state). Every write that
     * loads a space and writes it back goes through here, so it waits for a concurrent writer (a merge moving the
     * revision, a move, a PATCH) and then changes the row as that writer left it. Null when there is none.
     */
    Space lock(String id) {
        if (id == null) {
            return null;
        }
        Space s = em.find(Space.class, id);
        if (s != null) {
            em.refresh(s, LockModeType.PESSIMISTIC_WRITE);
        }
        return s;
    }

    /** Adds a new space (inserted at the transaction's next flush). */
    void insert(Space s) {
        s.persist();
    }

    /**
     * Writes what this transaction changed so far, now: a new space's row before its first revision's, and that
     * revision's before a copy's search index rows are copied by SQL.
     */
    void flush() {
        em.flush();
    }

    /** Removes the space's row for good (its revisions and grants are gone already). */
    void remove(Space s) {
        em.remove(s);
    }

    // Native SQL, not Panache's HQL strings: the first HQL statement loads Hibernate's HQL parser (ANTLR grammars,
    // ~750 classes, ~5 MB of metaspace, kept for the life of the JVM), and these were content's only HQL besides
    // BranchStore's.

    /** These spaces, deleted or not, in no given order. */
    List<Space> all(List<String> ids) {
        return spaces("SELECT * FROM space WHERE id IN (:ids)", ids);
    }

    /** The live spaces among these ids, in no given order. */
    List<Space> live(List<String> ids) {
        return spaces("SELECT * FROM space WHERE id IN (:ids) AND deleted_at IS NULL", ids);
    }

    @SuppressWarnings("unchecked")
    private List<Space> spaces(String sql, List<String> ids) {
        if (ids.isEmpty()) {
            return List.of(); // "IN ()" is not SQL
        }
        return em.createNativeQuery(sql, Space.class).setParameter("ids", ids).getResultList();
    }

    /** An organization's live spaces. */
    @SuppressWarnings("unchecked")
    List<Space> liveIn(String organizationId) {
        return em.createNativeQuery("SELECT * FROM space WHERE organization_id = :o AND deleted_at IS NULL", Space.class)
                .setParameter("o", organizationId).getResultList();
    }

    /** The spaces, deleted or not, anywhere below the collection. */
    @SuppressWarnings("unchecked")
    List<Space> inside(String collectionId) {
        return em.createNativeQuery("SELECT * FROM space WHERE :c = ANY (ancestors)", Space.class)
                .setParameter("c", collectionId).getResultList();
    }

    /** The ids of the spaces, deleted or not, anywhere below the collection. */
    @SuppressWarnings("unchecked")
    List<String> idsInside(String collectionId) {
        return em.createNativeQuery("SELECT id FROM space WHERE :c = ANY (ancestors)", String.class)
                .setParameter("c", collectionId).getResultList();
    }

    /** Trashes the live spaces below the collection and takes them out of its tree: their ids. */
    @SuppressWarnings("unchecked")
    List<String> trashInside(String collectionId, Instant now) {
        return em.createNativeQuery("""
                        UPDATE space SET deleted_at = :now, updated_at = :now, parent_id = NULL, ancestors = '{}',
                               visibility = CASE WHEN visibility = 'in-collection' THEN 'private' ELSE visibility END
                        WHERE :c = ANY (ancestors) AND deleted_at IS NULL RETURNING id""")
                .setParameter("now", now).setParameter("c", collectionId).getResultList();
    }

    /** Takes every space below the collection out of its tree (the trashed ones keep their deletion time). */
    void detachInside(String collectionId) {
        em.createNativeQuery("UPDATE space SET parent_id = NULL, ancestors = '{}', "
                        + "visibility = CASE WHEN visibility = 'in-collection' THEN 'private' ELSE visibility END "
                        + "WHERE :c = ANY (ancestors)")
                .setParameter("c", collectionId).executeUpdate();
    }

    /** Replaces the part above the collection of each chain of ancestors below it (the statement collections runs on its own table). */
    void rewriteAncestors(String collectionId, String prefix, String organizationId) {
        em.createNativeQuery("UPDATE space SET organization_id = :org, updated_at = now(), "
                        + "ancestors = CAST(:prefix AS text[]) || ancestors[array_position(ancestors, :c):] "
                        + "WHERE :c = ANY (ancestors)")
                .setParameter("org", organizationId).setParameter("prefix", prefix).setParameter("c", collectionId)
                .executeUpdate();
    }

    /** The ids of the organization's live spaces that pass the filter (null: all), oldest first. */
    @SuppressWarnings("unchecked")
    List<String> liveIds(String organizationId, ContentAccess.VisibilityFilter filter) {
        var query = em.createNativeQuery("SELECT t.id FROM space t WHERE t.organization_id = :org AND t.deleted_at IS NULL"
                        + (filter == null ? "" : " AND " + filter.sql()) + " ORDER BY t.created_at, t.id", String.class)
                .setParameter("org", organizationId);
        if (filter != null) {
            query.setParameter("viewer", filter.viewer());
        }
        return query.getResultList();
    }

    /** Up to 500 spaces deleted before the cutoff, longest deleted first. */
    @SuppressWarnings("unchecked")
    List<String> deletedBefore(Instant cutoff) {
        return em.createNativeQuery(
                        "SELECT id FROM space WHERE deleted_at < :cutoff ORDER BY deleted_at LIMIT 500", String.class)
                .setParameter("cutoff", cutoff).getResultList();
    }

    /**
     * Sets the space's review counters unless it has them at this version or a newer one: one conditional
     * statement, so concurrent deliveries cannot interleave a read and a write. 0 when ignored or no such space.
     */
    int reviewStats(String spaceId, int comments, int changeRequests, int open, int draft, long version) {
        return em.createNativeQuery("UPDATE space SET comments = :comments, change_requests = :crs,"
                        + " change_requests_open = :open, change_requests_draft = :draft, review_stats_version = :version"
                        + " WHERE id = :id AND review_stats_version < :version")
                .setParameter("comments", comments)
                .setParameter("crs", changeRequests)
                .setParameter("open", open)
                .setParameter("draft", draft)
                .setParameter("version", version)
                .setParameter("id", spaceId)
                .executeUpdate();
    }

    /** Sets the space's Git Sync state (null: none) unless it has a newer one. 0 when ignored or no such space. */
    int gitSync(String spaceId, String view, Instant at) {
        return em.createNativeQuery("""
                        UPDATE space SET git_sync = :view, git_sync_at = :at
                        WHERE id = :space AND (git_sync_at IS NULL OR git_sync_at <= :at)""")
                .setParameter("view", view).setParameter("at", Timestamp.from(at))
                .setParameter("space", spaceId).executeUpdate();
    }

    /** The space's published_url: its first live publication with an address (none: null). */
    void recomputePublishedUrl(String spaceId) {
        em.createNativeQuery("""
                        UPDATE space SET published_url = (SELECT p.url FROM site_space_publication p
                            WHERE p.space_id = :space AND NOT p.deleted AND p.url IS NOT NULL
                            ORDER BY p.site_space_id LIMIT 1)
                        WHERE id = :space""")
                .setParameter("space", spaceId).executeUpdate();
    }
}
