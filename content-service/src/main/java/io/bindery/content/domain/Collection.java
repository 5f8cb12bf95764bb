package io.bindery.content.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/** A group of spaces and collections inside an organization; nestable. */
@Entity
@Table(name = "collection")
public class Collection extends PanacheEntityBase implements ContentItem {
    @Id
    public String id;
    @Column(name = "organization_id", nullable = false)
    public String organizationId;
    @Column(name = "parent_id")
    public String parentId;
    /** Enclosing collections, root first (not this one). */
    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(name = "ancestors", columnDefinition = "text[]", nullable = false)
    public String[] ancestors = new String[0];
    @Column(nullable = false)
    public String title;
    public String description;
    /** A role's wire name, or null: inherit from the enclosing collection / organization. */
    @Column(name = "default_level")
    public String defaultLevel;
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
    public String type() {
        return "collection";
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
