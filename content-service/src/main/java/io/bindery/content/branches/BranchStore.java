package io.bindery.content.branches;

import io.bindery.commons.errors.ApiException;
import io.bindery.content.pages.BranchState;
import io.bindery.content.pages.MergedBranches;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The {@code branch} table: finds change requests' branches (by id or number in a space, and the one a revision was
 * merged from), locks them for a write and adds new ones, in the caller's transaction.
 */
@ApplicationScoped
public class BranchStore implements MergedBranches {
    @Inject
    EntityManager em;

    /** A branch by change request id or by its number in the space; 404 when the space has no such branch. */
    public Branch find(String spaceId, String idOrNumber) {
        Branch b = Branch.findById(idOrNumber);
        if (b == null && idOrNumber != null && idOrNumber.matches("\\d{1,9}")) {
            b = byNumber(spaceId, Integer.parseInt(idOrNumber));
        }
        if (b == null || !b.spaceId.equals(spaceId)) {
            throw ApiException.notFound("no change request " + idOrNumber + " in space " + spaceId);
        }
        return b;
    }

    /**
     * {@link #find} locked for a read-modify-write: {@code SELECT … FOR UPDATE}, re-read even when this transaction
     * loaded it before, so an update or merge waits for a concurrent writer and then sees the branch as it left it.
     */
    Branch findForUpdate(String spaceId, String idOrNumber) {
        Branch b = find(spaceId, idOrNumber);
        em.refresh(b, LockModeType.PESSIMISTIC_WRITE);
        return b;
    }

    /** A branch by change request id, locked for a read-modify-write ({@code SELECT … FOR UPDATE}); null when none. */
    Branch lock(String id) {
        return em.find(Branch.class, id, LockModeType.PESSIMISTIC_WRITE);
    }

    /** Adds a new branch (inserted at the transaction's next flush). */
    void insert(Branch b) {
        b.persist();
    }

    /** A branch by change request id; null when there is none. */
    Branch byId(String id) {
        return Branch.findById(id);
    }

    // Native SQL, not HQL: see SpaceStore (the HQL parser is ~750 classes, ~5 MB of metaspace once loaded).

    /** The space's branch of this change request number; null when there is none. */
    @SuppressWarnings("unchecked")
    private Branch byNumber(String spaceId, int number) {
        List<Branch> found = em.createNativeQuery("SELECT * FROM branch WHERE space_id = :s AND number = :n", Branch.class)
                .setParameter("s", spaceId).setParameter("n", number).getResultList();
        return found.isEmpty() ? null : found.get(0);
    }

    /** How many branches of the space have this change request number (0 or 1). */
    long numbered(String spaceId, int number) {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM branch WHERE space_id = :s AND number = :n")
                .setParameter("s", spaceId).setParameter("n", number).getSingleResult()).longValue();
    }

    /** The highest change request number in the space; null when it has none. */
    Integer maxNumber(String spaceId) {
        Number max = (Number) em.createNativeQuery("SELECT max(number) FROM branch WHERE space_id = :s")
                .setParameter("s", spaceId).getSingleResult();
        return max == null ? null : max.intValue();
    }

    /**
     * Keeps review's subject and open comments (null: unchanged) of a change request, unless it has them at this
     * version or a newer one: one conditional statement, so concurrent deliveries cannot interleave a read and a write.
     */
    void reviewed(String id, String subject, Long comments, Instant version) {
        Branch.getEntityManager().createNativeQuery("UPDATE branch SET subject = coalesce(CAST(:subject AS text), subject),"
                        + " comments = coalesce(CAST(:comments AS bigint), comments), review_version = :version"
                        + " WHERE id = :id AND (review_version IS NULL OR review_version < :version)")
                .setParameter("subject", subject)
                .setParameter("comments", comments)
                .setParameter("version", version)
                .setParameter("id", id)
                .executeUpdate();
    }

    @Override
    public Optional<BranchState> mergedBranch(String branchId) {
        return Optional.ofNullable(Branch.<Branch>findById(branchId)).map(Branch::shown);
    }
}
