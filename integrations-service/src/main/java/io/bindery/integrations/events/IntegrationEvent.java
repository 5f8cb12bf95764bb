package io.bindery.integrations.events;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/** An integration event and its delivery state (the queue is these rows; see V2's comment). */
@Entity
@Table(name = "integration_event")
public class IntegrationEvent extends PanacheEntityBase {
    @Id
    public String id;
    @Column(insertable = false, updatable = false)
    public Long seq;
    @Column(name = "integration_name")
    public String integrationName;
    @Column(name = "installation_id")
    public String installationId;
    @Column(name = "organization_id")
    public String organizationId;
    @Column(name = "source_event_id")
    public String sourceEventId;
    public String type;
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(columnDefinition = "jsonb")
    public String payload;
    @Column(name = "created_at")
    public Instant createdAt;
    /** pending (queued or being retried), delivered, failed (given up). */
    public String delivery;
    public int attempts;
    @Column(name = "next_attempt_at")
    public Instant nextAttemptAt;
    @Column(name = "give_up_at")
    public Instant giveUpAt;
    @Column(name = "delivered_at")
    public Instant deliveredAt;
    /** GitBook's trace.logs: one entry per attempt ({message, timestamp, level}). */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(columnDefinition = "jsonb")
    public String trace;
}
