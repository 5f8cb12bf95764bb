package io.bindery.sites.sitespace;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/**
 * A space published in a site: under a section ({@code sectionId}), or at the root of a site without sections
 * (null). Siblings (one section's, or the root's) are ordered by {@code position}; exactly one of them is the
 * default while there are any.
 */
@Entity
@Table(name = "site_space")
public class SiteSpaceRow extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "site_id")
    public String siteId;
    @Column(name = "section_id")
    public String sectionId;
    @Column(name = "space_id")
    public String spaceId;
    public String path;
    /** A title of its own; null: the space's title. */
    public String title;
    public String condition;
    @Column(name = "is_default")
    public boolean isDefault;
    public boolean hidden;
    public boolean draft;
    @Column(name = "page_id")
    public String pageId;
    public double position;
    @Column(name = "created_at")
    public Instant createdAt;
    /** Bumped by every change of the row and of what its address depends on (the site, the section path). */
    @Column(name = "updated_at")
    public Instant updatedAt;
}
