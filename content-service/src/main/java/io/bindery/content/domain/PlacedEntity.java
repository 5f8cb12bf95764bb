package io.bindery.content.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/** The columns spaces and collections share: where they sit (organization, parent, order) and their default level. */
@MappedSuperclass
public abstract class PlacedEntity extends PanacheEntityBase implements ContentItem {
    @Id
    public String id;
    @Column(name = "organization_id", nullable = false)
    public String organizationId;
    @Column(name = "parent_id")
    public String parentId;
    /** Enclosing collections, root first (not this item). */
    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(name = "ancestors", columnDefinition = "text[]", nullable = false)
    public String[] ancestors = new String[0];
    @Column(nullable = false)
    public String title;
    /** A role's wire name, or null: inherit from the enclosing collection / organization. */
    @Column(name = "default_level")
    public String defaultLevel;
    /** Order among the items of the same parent. */
    @Column(nullable = false)
    public double position;
    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    @Override
    public String id() {
        return id;
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

    public double position() {
        return position;
    }

    public Instant createdAt() {
        return createdAt;
    }
}
