package io.bindery.integrations.installations;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/** An installation's hold on one space or site (kind), with its own configuration. */
@Entity
@Table(name = "target_installation")
public class TargetInstallation extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "installation_id")
    public String installationId;
    public String kind;
    @Column(name = "target_id")
    public String targetId;
    public String status;
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
