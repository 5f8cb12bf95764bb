package io.bindery.commons.projection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.contracts.identity.IdentityEventTypes;

import java.io.IOException;
import java.time.Instant;

/**
 * One CloudEvent of bindery.identity.events with its data read, once, into the payload record of its type
 * ({@link IdentityEventTypes#PAYLOADS}); {@code data} is null for a type without one. {@code time} is the
 * envelope's text (null when absent): each projection decides what a missing or bad time means for it.
 */
public record IdentityEvent(String id, String type, String time, Object data) {

    /** The envelope as the consumer received it; a data that is not its type's record fails here, naming the type. */
    public static IdentityEvent read(ObjectMapper json, JsonNode event) {
        String type = event.path("type").asText("");
        Class<?> payload = IdentityEventTypes.PAYLOADS.get(type);
        JsonNode data = event.path("data");
        Object parsed = null;
        if (payload != null && data.isObject()) {
            try {
                parsed = json.treeToValue(data, payload);
            } catch (IOException e) {
                throw new IllegalArgumentException(type + " event " + event.path("id").asText("?") + " has data that is no "
                        + payload.getSimpleName() + ": " + e.getMessage(), e);
            }
        }
        return new IdentityEvent(event.path("id").asText(null), type, event.path("time").asText(null), parsed);
    }

    /** The data as the record {@code type}, or null when it is another type's (or absent). */
    public <T> T data(Class<T> type) {
        return type.isInstance(data) ? type.cast(data) : null;
    }

    /** The time of the fact; DateTimeParseException when it is absent or no instant. */
    public Instant instant() {
        return Instant.parse(time == null ? "" : time);
    }
}
