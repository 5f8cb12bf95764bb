package io.bindery.content.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/** A space: a container of documentation content pointing at its active revision. */
@Entity
@Table(name = "space")
public class Space extends PanacheEntityBase implements ContentItem {
    @Id
    public String id;
    @Column(name = "organization_id", nullable = false)
    public String organizationId;
    @Column(name = "parent_id")
    public String parentId;
    /** Enclosing collections, root first. */
    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(name = "ancestors", columnDefinition = "text[]", nullable = false)
    public String[] ancestors = new String[0];
    @Column(nullable = false)
    public String title;
    @Column(nullable = false)
    public String emoji = "";
    @Column(nullable = false)
    public String visibility;
    @Column(name = "edit_mode", nullable = false)
    public String editMode;
    public String language;
    @Column(name = "default_level")
    public String defaultLevel;
    /** The mergeRules object as JSON text. */
    @Column(name = "merge_rules", nullable = false)
    public String mergeRules;
    @Column(name = "revision_id", nullable = false)
    public String revisionId;
    @Column(nullable = false)
    public double position;
    @Column(nullable = false)
    public int comments;
    @Column(name = "change_requests", nullable = false)
    public int changeRequests;
    @Column(name = "change_requests_open", nullable = false)
    public int changeRequestsOpen;
    @Column(name = "change_requests_draft", nullable = false)
    public int changeRequestsDraft;
    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;
    @Column(name = "deleted_at")
    public Instant deletedAt;

    public boolean deleted() {
        return deletedAt != null;
    }

    public boolean locked() {
        return "locked".equals(editMode);
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String type() {
        return "space";
    }

    @Override
    public String organizationId() {
        return organizationId;
    }

    @Override
    public String parentId() {
        return parentId;
    }

    @Override
    public String[] ancestors() {
        return ancestors;
    }

    @Override
    public String defaultLevel() {
        return defaultLevel;
    }
}
