package io.bindery.commons.events;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What is the event's fault (dead letter at once) and what is the moment's (retry). */
class UndeliverableEventTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theEventsFaultOrTheMoments() {
        assertTrue(UndeliverableEvent.isUndeliverable(new IllegalArgumentException("a change request without id")));
        assertTrue(UndeliverableEvent.isUndeliverable(new IllegalStateException("wrapped", new UndeliverableEvent("bad"))));
        assertTrue(UndeliverableEvent.isUndeliverable(new RuntimeException(new java.time.format.DateTimeParseException("x", "y", 0))));
        assertFalse(UndeliverableEvent.isUndeliverable(new IllegalStateException("identity unreachable")));
        assertFalse(UndeliverableEvent.isUndeliverable(new RuntimeException(new java.net.ConnectException("refused"))));
    }

    @Test
    void unreadableEnvelopes() throws Exception {
        assertNotNull(TopicConsumer.unreadable(JSON.readTree("[1,2]")));
        assertNotNull(TopicConsumer.unreadable(JSON.readTree("{\"type\":\"bindery.space.updated.v1\"}")));
        assertNotNull(TopicConsumer.unreadable(JSON.readTree("{\"id\":7,\"type\":\"bindery.space.updated.v1\"}")));
        assertNotNull(TopicConsumer.unreadable(JSON.readTree("{\"id\":\"e1\",\"type\":\"bindery.space.updated.v2\"}")));
        assertNull(TopicConsumer.unreadable(JSON.readTree("{\"id\":\"e1\",\"type\":\"bindery.space.updated.v1\"}")));
        assertNull(TopicConsumer.unreadable(JSON.readTree("{\"id\":\"e1\",\"type\":\"bindery.brand-new.thing.v1\"}")),
                "a type never heard of is ignored by the consumer, not dead-lettered");
    }

    @Test
    void catalogKnowsTheContracts() {
        assertTrue(EventTypeCatalog.isUnknownVersion("bindery.change-request.created.v9"));
        assertFalse(EventTypeCatalog.isUnknownVersion("bindery.change-request.created.v1"));
        assertFalse(EventTypeCatalog.isUnknownVersion("bindery.test.v1"));
    }
}
