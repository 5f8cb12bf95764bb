package io.bindery.integrations.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;

/**
 * GitBook's IntegrationEvent. {@code status} is success once delivered, failed otherwise (GitBook has no third
 * value); {@code delivery} (an extension) tells pending from given up, with the attempts made and the next one.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record IntegrationEventView(String id, String integrationId, String installationId, Instant createdAt,
                                   JsonNode payload, String status, Delivery delivery) {
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Delivery(String state, int attempts, Instant nextAttemptAt, Instant deliveredAt, Instant giveUpAt) {
    }

    /** {@code GET …/events/{eventId}}: the event and its trace. */
    public record WithTrace(IntegrationEventView event, Trace trace) {
    }

    public record Trace(JsonNode logs) {
    }
}
