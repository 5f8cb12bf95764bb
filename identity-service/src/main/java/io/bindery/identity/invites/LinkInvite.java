package io.bindery.identity.invites;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.DynamicUpdate;

import java.time.Instant;

/** An invite link: whoever holds it may join the organization with its role. */
@Entity
@DynamicUpdate
@Table(name = "link_invite")
class LinkInvite extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "organization_id", nullable = false)
    public String organizationId;
    public String role;
    @Column(nullable = false)
    public boolean sso;
    @Column(name = "created_by", nullable = false)
    public String createdBy;
    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
