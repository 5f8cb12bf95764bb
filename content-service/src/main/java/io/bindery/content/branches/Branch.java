package io.bindery.content.branches;

import io.bindery.content.domain.BranchStatus;
import io.bindery.content.pages.BranchState;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/**
 * The content branch of a change request: its head revision, the main revision it started from and the main
 * revision it was last brought up to date with (the common ancestor of the next update or merge).
 */
/* An UPDATE sets only the columns this transaction changed, never a stale copy of the others. */
@org.hibernate.annotations.DynamicUpdate
@Entity
@Table(name = "branch")
public class Branch extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "space_id", nullable = false)
    public String spaceId;
    @Column(nullable = false)
    public int number;
    @Column(nullable = false)
    @Convert(converter = BranchStatus.Column.class)
    public BranchStatus status;
    @Column(name = "head_revision_id", nullable = false)
    public String headRevisionId;
    @Column(name = "initial_revision_id", nullable = false)
    public String initialRevisionId;
    @Column(name = "merged_ancestor_revision_id", nullable = false)
    public String mergedAncestorRevisionId;
    @Column(name = "merged_revision_id")
    public String mergedRevisionId;
    @Column(name = "created_by")
    public String createdBy;
    /** The change request's subject and open comments, as review last said (null, 0 before it said anything). */
    public String subject;
    @Column(nullable = false)
    public long comments;
    @Column(name = "review_version")
    public Instant reviewVersion;
    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /** What the API shows of this branch, read in one place. */
    public BranchState shown() {
        return new BranchState(id, number, status, spaceId, headRevisionId, initialRevisionId, mergedAncestorRevisionId,
                mergedRevisionId, createdBy, subject, comments, createdAt, updatedAt);
    }

    /** The change request's subject and open comments as review hands them over (null: keep what is here). */
    public void handOver(String subject, Long comments) {
        if (subject != null) {
            this.subject = subject;
        }
        if (comments != null) {
            this.comments = Math.max(0, comments);
        }
    }
}
