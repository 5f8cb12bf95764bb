package io.bindery.review.changerequests;

import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The queries of {@code change_request}, {@code change_request_contributor} and {@code insights_cluster} (review's
 * copy of insights' issues clusters), and the count of open comments a ChangeRequest object shows. Runs in the
 * caller's transaction.
 */
@ApplicationScoped
class ChangeRequestStore {
    @Inject
    EntityManager em;

    /** By id or by number in the space, as every {changeRequestId} path parameter accepts. */
    Optional<ChangeRequest> find(String spaceId, String idOrNumber) {
        return find(spaceId, idOrNumber, "");
    }

    /**
     * The same, with the row locked until the transaction ends (SELECT … FOR NO KEY UPDATE), as it is after any
     * writer that held it committed. Take it first in the transaction: a row already loaded is not re-read.
     */
    Optional<ChangeRequest> findForUpdate(String spaceId, String idOrNumber) {
        return find(spaceId, idOrNumber, " FOR NO KEY UPDATE"); // what PESSIMISTIC_WRITE is on PostgreSQL
    }

    // Native SQL, not HQL (nor Panache's query strings): the first HQL statement loads Hibernate's HQL parser
    // (~750 classes, ~5 MB of metaspace, kept for the life of the JVM).

    private Optional<ChangeRequest> find(String spaceId, String idOrNumber, String lock) {
        if (idOrNumber.matches("[0-9]{1,9}")) {
            Optional<ChangeRequest> byNumber = first(em.createNativeQuery(
                            "SELECT * FROM change_request WHERE space_id = :s AND number = :n LIMIT 1" + lock, ChangeRequest.class)
                    .setParameter("s", spaceId).setParameter("n", Integer.parseInt(idOrNumber)).getResultList());
            if (byNumber.isPresent()) {
                return byNumber;
            }
        }
        return first(em.createNativeQuery("SELECT * FROM change_request WHERE space_id = :s AND id = :id LIMIT 1" + lock,
                        ChangeRequest.class)
                .setParameter("s", spaceId).setParameter("id", idOrNumber).getResultList());
    }

    private static Optional<ChangeRequest> first(List<?> rows) {
        return rows.stream().findFirst().map(ChangeRequest.class::cast);
    }

    /** The change request already loaded (and locked) in this transaction: no query. */
    ChangeRequest loaded(String id) {
        return ChangeRequest.findById(id);
    }

    /** A new change request and its creator as its first contributor. */
    void insert(ChangeRequest cr) {
        cr.persist();
        em.createNativeQuery("INSERT INTO change_request_contributor (change_request_id, user_id, count, updated_at) "
                        + "VALUES (:cr, :u, 1, :t)").setParameter("cr", cr.id).setParameter("u", cr.createdBy)
                .setParameter("t", cr.createdAt).executeUpdate();
    }

    /**
     * Whether the organization has the cluster, as insights' events last described it, locked (FOR SHARE) until the
     * transaction ends: its delete waits for the change request naming it to be recorded, then clears it.
     */
    boolean clusterExistsForShare(String organizationId, String clusterId) {
        List<?> found = em.createNativeQuery("SELECT id FROM insights_cluster WHERE id = :id AND organization_id = :org "
                        + "AND NOT deleted FOR SHARE")
                .setParameter("id", clusterId).setParameter("org", organizationId).getResultList();
        return !found.isEmpty();
    }

    /**
     * A page of (id, list time) rows of the change requests in {@code scope} (one space id, or a list of them) with
     * the given status and filters (null: not filtered).
     */
    ListPage<Object[]> page(KeysetPage<Object[]> page, String timeColumn, Object scope, String status, String creator,
                            String contributor, String requestedReviewer, String cluster) {
        Where where = Where.of(scope instanceof List<?> ? "space_id IN (:scope)" : "space_id = :scope", "scope", scope)
                .and("status = :status", "status", status);
        if (creator != null) {
            where.and("created_by = :creator", "creator", creator);
        }
        if (contributor != null) {
            where.and("EXISTS (SELECT 1 FROM change_request_contributor k WHERE k.change_request_id = cr.id AND k.user_id = :contributor)",
                    "contributor", contributor);
        }
        if (requestedReviewer != null) {
            where.and("EXISTS (SELECT 1 FROM change_request_reviewer r WHERE r.change_request_id = cr.id AND r.user_id = :reviewer)",
                    "reviewer", requestedReviewer);
        }
        if (cluster != null) {
            where.and("conversations_issues_cluster = :cluster", "cluster", cluster);
        }
        return page.sql(em, "SELECT id, " + timeColumn, "FROM change_request cr", where);
    }

    /** The change requests of these ids, in their order. */
    List<ChangeRequest> byIds(List<String> ids) {
        Map<String, ChangeRequest> byId = new HashMap<>();
        if (!ids.isEmpty()) {
            @SuppressWarnings("unchecked")
            List<ChangeRequest> found = em.createNativeQuery("SELECT * FROM change_request WHERE id IN (:ids)", ChangeRequest.class)
                    .setParameter("ids", ids).getResultList();
            found.forEach(c -> byId.put(c.id, c));
        }
        return ids.stream().map(byId::get).toList();
    }

    /** Open comments by change request id (absent: none). */
    Map<String, Long> openComments(List<String> ids) {
        Map<String, Long> openComments = new HashMap<>();
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT change_request_id, count(*) FROM comment "
                        + "WHERE change_request_id IN (:ids) AND status = 'open' GROUP BY change_request_id")
                .setParameter("ids", ids).getResultList();
        rows.forEach(r -> openComments.put((String) r[0], ((Number) r[1]).longValue()));
        return openComments;
    }

    // --- what content's and insights' events change

    /**
     * Main of the space moved to {@code revision}: every unmerged change request is outdated unless it was last
     * updated from (or started at) it.
     */
    void mainMoved(String spaceId, String revision) {
        em.createNativeQuery("""
                        UPDATE change_request SET outdated = (COALESCE(revision_merged_ancestor, revision_initial) <> :r)
                        WHERE space_id = :s AND status <> 'merged'""")
                .setParameter("s", spaceId).setParameter("r", revision).executeUpdate();
    }

    /** The unmerged change request's branch got the head {@code revision}; false when it had it already (or is merged). */
    boolean headMoved(String changeRequestId, String revision, Instant now) {
        return em.createNativeQuery("UPDATE change_request SET revision = :r, updated_at = GREATEST(updated_at, :t) "
                        + "WHERE id = :cr AND status <> 'merged' AND revision <> :r")
                .setParameter("r", revision).setParameter("t", now).setParameter("cr", changeRequestId).executeUpdate() > 0;
    }

    /** {@code author} contributed once more to the change request. */
    void contributed(String changeRequestId, String author, Instant now) {
        em.createNativeQuery("""
                        INSERT INTO change_request_contributor (change_request_id, user_id, count, updated_at)
                        SELECT id, :u, 1, :t FROM change_request WHERE id = :cr
                        ON CONFLICT (change_request_id, user_id) DO UPDATE
                        SET count = change_request_contributor.count + 1, updated_at = EXCLUDED.updated_at""")
                .setParameter("u", author).setParameter("t", now).setParameter("cr", changeRequestId).executeUpdate();
    }

    /** Insights' cluster as its event describes it: the newest {@code at} wins, and a delete is final. */
    void clusterChanged(String clusterId, String organizationId, boolean deleted, Instant at) {
        em.createNativeQuery("""
                        INSERT INTO insights_cluster (id, organization_id, deleted, updated_at) VALUES (:id, :org, :deleted, :at)
                        ON CONFLICT (id) DO UPDATE SET organization_id = EXCLUDED.organization_id, deleted = EXCLUDED.deleted,
                            updated_at = GREATEST(insights_cluster.updated_at, EXCLUDED.updated_at)
                        WHERE NOT insights_cluster.deleted
                          AND (EXCLUDED.deleted OR insights_cluster.updated_at <= EXCLUDED.updated_at)""")
                .setParameter("id", clusterId).setParameter("org", organizationId)
                .setParameter("deleted", deleted).setParameter("at", at).executeUpdate();
    }

    /** The change requests naming the cluster, locked, by id. */
    @SuppressWarnings("unchecked")
    List<ChangeRequest> namingClusterForUpdate(String clusterId) {
        return em.createNativeQuery("SELECT * FROM change_request WHERE conversations_issues_cluster = :c ORDER BY id "
                        + "FOR NO KEY UPDATE", ChangeRequest.class)
                .setParameter("c", clusterId).getResultList();
    }
}
