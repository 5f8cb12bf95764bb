package io.bindery.commons.testing;

import io.bindery.contracts.identity.IdentityEventTypes;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.time.Instant;
import java.util.Map;

/**
 * Publishes CloudEvents on bindery.identity.events the way identity's outbox relay does, so a service's
 * projection tests can feed its real consumer through a real broker.
 */
public final class IdentityEvents extends TopicEvents {
    public static final String TOPIC = IdentityEventTypes.TOPIC;

    public IdentityEvents(String bootstrapServers, ObjectMapper json) {
        super(bootstrapServers, json, TOPIC, "/bindery/identity-service");
    }

    /** A CloudEvent envelope as identity publishes it. */
    public JsonNode event(String eventId, String type, String subject, Instant time, Map<String, Object> data) {
        return super.event(eventId, type, subject, time, data);
    }
}
