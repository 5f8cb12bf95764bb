package io.bindery.review.events;

import io.bindery.contracts.content.ContentEventTypes;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.ids.Ids;
import io.quarkus.narayana.jta.QuarkusTransaction;

import java.time.Instant;

/**
 * Feeds content's events to the real consumer the way {@code TopicConsumer} does (one transaction per event),
 * without the broker, so a test decides exactly when an event lands.
 */
public final class ContentEventsFeed {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final ContentEventsConsumer consumer;

    public ContentEventsFeed(ContentEventsConsumer consumer) {
        this.consumer = consumer;
    }

    /** Main of the space moved to {@code revision}. */
    public void mainMoved(String space, String revision) {
        ObjectNode data = JSON.createObjectNode().put("space", space).put("revision", revision);
        deliver(event(ContentEventTypes.SPACE_CONTENT_UPDATED, space, data));
    }

    /** A batch by {@code author} gave the change request's branch the head {@code revision}. */
    public void branchWritten(String space, String changeRequest, String revision, String author) {
        ObjectNode data = JSON.createObjectNode().put("space", space).put("changeRequest", changeRequest)
                .put("revision", revision).put("author", author);
        deliver(event(ContentEventTypes.CHANGE_REQUEST_CONTENT_UPDATED, space, data));
    }

    public void deliver(JsonNode event) {
        QuarkusTransaction.requiringNew().run(() -> consumer.applyParked(event));
    }

    static JsonNode event(String type, String subject, JsonNode data) {
        ObjectNode e = JSON.createObjectNode().put("specversion", "1.0").put("id", Ids.newId())
                .put("source", "/bindery/content-service").put("type", type).put("subject", subject)
                .put("time", Instant.now().toString());
        e.set("data", data);
        return e;
    }
}
