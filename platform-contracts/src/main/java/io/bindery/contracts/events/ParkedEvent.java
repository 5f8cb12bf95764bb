package io.bindery.contracts.events;

import java.time.Instant;

/**
 * An event a service's consumer could not apply, as an operator sees it ({@code GET /v1/admin/events/parked}).
 * {@code state} is {@code parked} (failed for a passing reason: retried on its schedule, {@code nextRetryAt}) or
 * {@code dead} (undeliverable: kept until an operator replays or discards it). {@code service} is filled in by
 * identity when it gathers the lists of every service.
 */
public record ParkedEvent(String service, String topic, String eventId, String type, String aggregate, String state,
                          String reason, int attempts, Instant parkedAt, Instant nextRetryAt) {
    public ParkedEvent withService(String name) {
        return new ParkedEvent(name, topic, eventId, type, aggregate, state, reason, attempts, parkedAt, nextRetryAt);
    }
}
