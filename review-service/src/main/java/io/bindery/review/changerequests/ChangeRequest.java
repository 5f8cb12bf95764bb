package io.bindery.review.changerequests;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.DynamicUpdate;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/**
 * A change request: the workflow around one content branch (same id) in content-service. {@code revision},
 * {@code revisionMergedAncestor} and {@code outdated} mirror the branch, kept current by content's events.
 * <p>
 * Several writers share the row (PATCH, merge, update, reviewers, the content-events consumer): an UPDATE sets
 * only the columns a writer changed ({@link DynamicUpdate}), and a writer whose change depends on what it read
 * loads the row with {@link ChangeRequestStore#findForUpdate}.
 */
@Entity
@Table(name = "change_request")
@DynamicUpdate
class ChangeRequest extends PanacheEntityBase {
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

}
