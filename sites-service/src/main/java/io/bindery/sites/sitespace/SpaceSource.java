package io.bindery.sites.sitespace;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A space as content last showed it (its public view as JSON, without permissions): what site spaces embed. */
@Entity
@Table(name = "space_source")
public class SpaceSource extends PanacheEntityBase {
    @Id
    @Column(name = "space_id")
    public String spaceId;
    @Column(name = "organization_id")
    public String organizationId;
    public String data;
    @Column(name = "updated_at")
    public Instant updatedAt;
}
