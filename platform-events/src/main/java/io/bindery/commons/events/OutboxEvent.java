package io.bindery.commons.events;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** One row of the transactional outbox: a CloudEvent waiting to be (or already) published. */
@Entity
@Table(name = "outbox_event")
public class OutboxEvent extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(name = "event_id", nullable = false, unique = true)
    public String eventId;
    @Column(name = "aggregate_id", nullable = false)
    public String aggregateId;
    @Column(nullable = false)
    public String type;
    @Column(nullable = false, columnDefinition = "text")
    public String envelope;
    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
    @Column(name = "published_at")
    public Instant publishedAt;
}
