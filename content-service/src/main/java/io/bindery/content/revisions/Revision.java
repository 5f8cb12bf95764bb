package io.bindery.content.revisions;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/**
 * An immutable snapshot of a space's content. Mapped for {@link RevisionStore#first} (a new space's first revision)
 * only; every other read and write of revisions is the store's SQL.
 */
/* An UPDATE sets only the columns this transaction changed, never a stale copy of the others. */
@org.hibernate.annotations.DynamicUpdate
@Entity
@Table(name = "revision")
public class Revision extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "space_id", nullable = false)
    public String spaceId;
    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(name = "parents", columnDefinition = "text[]", nullable = false)
    public String[] parents = new String[0];
    /** GitBook's revision type: "edits" for written content, "merge" and "update" for three-way merges. */
    @Column(nullable = false)
    public String type;
    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
    /** Ids of the manifest chunks listing the pages (see {@code RevisionStore}). */
    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(name = "chunks", columnDefinition = "text[]", nullable = false)
    public String[] chunks = new String[0];
    @Column(name = "page_count", nullable = false)
    public int pageCount;
    /** JSON array of {@link io.bindery.content.domain.RevisionFile}. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "files", columnDefinition = "jsonb", nullable = false)
    public String files = "[]";
    /** The branch this revision was written on; null for revisions of main. */
    @Column(name = "branch_id")
    public String branchId;
    /** For a merge revision: the branch (change request) merged. */
    @Column(name = "merged_from")
    public String mergedFrom;
    @Column(name = "created_by")
    public String createdBy;
}
