package io.bindery.integrations.installations;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/** An integration installed on an organization; which of its spaces and sites it covers. */
@Entity
@Table(name = "installation")
public class Installation extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "integration_name")
    public String integrationName;
    @Column(name = "organization_id")
    public String organizationId;
    public String status;
    /** all, or selected (only the target_installation rows of kind space). */
    @Column(name = "space_selection")
    public String spaceSelection;
    @Column(name = "site_selection")
    public String siteSelection;
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(columnDefinition = "jsonb")
    public String configuration;
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "external_ids", columnDefinition = "jsonb")
    public String externalIds;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;
}
