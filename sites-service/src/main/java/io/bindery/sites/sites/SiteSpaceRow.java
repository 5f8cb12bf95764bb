package io.bindery.sites.sites;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A row of site_space: which space a site publishes (the site-space endpoints come with the next step). */
@Entity
@Table(name = "site_space")
public class SiteSpaceRow extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "site_id")
    public String siteId;
    @Column(name = "space_id")
    public String spaceId;
    @Column(name = "created_at")
    public Instant createdAt;
}
