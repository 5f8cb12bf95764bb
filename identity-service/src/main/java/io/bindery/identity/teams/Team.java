package io.bindery.identity.teams;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.DynamicUpdate;

import java.time.Instant;

/** A team of an organization's members. Its creator and org admins manage it; owners manage its members. */
@Entity
@DynamicUpdate
@Table(name = "team")
class Team extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "organization_id", nullable = false)
    public String organizationId;
    @Column(nullable = false)
    public String title;
    @Column(name = "created_by", nullable = false)
    public String createdBy;
    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
