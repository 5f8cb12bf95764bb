package io.bindery.sites.sharelinks;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A share link of a site: while active, its key lets a visitor read a share-link site. */
@Entity
@Table(name = "site_share_link")
public class ShareLink extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "site_id")
    public String siteId;
    /** The secret: 128 random bits, base64url; never the id, never in an event. */
    public String key;
    public String name;
    public boolean active;
    @Column(name = "created_at")
    public Instant createdAt;
}
