package io.bindery.review.changerequests;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.LockModeType;
import jakarta.persistence.Table;
import org.hibernate.annotations.DynamicUpdate;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;
import java.util.Optional;

/**
 * A change request: the workflow around one content branch (same id) in content-service. {@code revision},
 * {@code revisionMergedAncestor} and {@code outdated} mirror the branch, kept current by content's events.
 * <p>
 * Several writers share the row (PATCH, merge, update, reviewers, the content-events consumer): an UPDATE sets
 * only the columns a writer changed ({@link DynamicUpdate}), and a writer whose change depends on what it read
 * loads the row with {@link #findForUpdate}.
 */
@Entity
@Table(name = "change_request")
@DynamicUpdate
public class ChangeRequest extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "space_id")
    public String spaceId;
    @Column(name = "organization_id")
    public String organizationId;
    public int number;
    public String status;
    public String subject;
    @JdbcTypeCode(SqlTypes.JSON)
    public String description;
    @Column(name = "created_by")
    public String createdBy;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;
    public String revision;
    @Column(name = "revision_initial")
    public String revisionInitial;
    @Column(name = "revision_merged_ancestor")
    public String revisionMergedAncestor;
    @Column(name = "revision_merged")
    public String revisionMerged;
    public boolean outdated;
    @Column(name = "merged_at")
    public Instant mergedAt;
    @Column(name = "merged_by")
    public String mergedBy;
    @Column(name = "conversations_issues_cluster")
    public String conversationsIssuesCluster;

    /** By id or by number in the space, as every {changeRequestId} path parameter accepts. */
    public static Optional<ChangeRequest> find(String spaceId, String idOrNumber) {
        return find(spaceId, idOrNumber, LockModeType.NONE);
    }

    /**
     * The same, with the row locked until the transaction ends (SELECT … FOR NO KEY UPDATE), as it is after any
     * writer that held it committed. Take it first in the transaction: a row already loaded is not re-read.
     */
    public static Optional<ChangeRequest> findForUpdate(String spaceId, String idOrNumber) {
        return find(spaceId, idOrNumber, LockModeType.PESSIMISTIC_WRITE);
    }

    private static Optional<ChangeRequest> find(String spaceId, String idOrNumber, LockModeType lock) {
        if (idOrNumber.matches("[0-9]{1,9}")) {
            Optional<ChangeRequest> byNumber = find("spaceId = ?1 and number = ?2", spaceId, Integer.parseInt(idOrNumber))
                    .withLock(lock).firstResultOptional();
            if (byNumber.isPresent()) {
                return byNumber;
            }
        }
        return find("spaceId = ?1 and id = ?2", spaceId, idOrNumber).withLock(lock).firstResultOptional();
    }
}
