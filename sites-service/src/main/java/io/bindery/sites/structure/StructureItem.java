package io.bindery.sites.structure;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/**
 * A section or a section group of a site. Both live in one table because they are siblings in one order: a
 * group holds sections and groups, and a move places either kind before or after another of the same parent.
 */
@Entity
@Table(name = "site_structure_item")
public class StructureItem extends PanacheEntityBase {
    public static final String SECTION = "section";
    public static final String GROUP = "group";

    @Id
    public String id;
    @Column(name = "site_id")
    public String siteId;
    /** {@link #SECTION} or {@link #GROUP}. */
    public String kind;
    /** The enclosing group; null at the site's root. */
    @Column(name = "parent_id")
    public String parentId;
    public String title;
    public String description;
    public String icon;
    public String path;
    public String condition;
    @Column(name = "is_default")
    public boolean isDefault;
    public double position;
    @Column(name = "created_at")
    public Instant createdAt;

    public boolean section() {
        return SECTION.equals(kind);
    }
}
