package io.bindery.commons.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** TopicConsumer's typed handlers: each event's data read once into its record, or the event dead-lettered. */
class TypedHandlersTest {
    // as Quarkus configures it: a newer producer may add fields
    static final ObjectMapper JSON = new ObjectMapper()
            .configure(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    record Thing(String id, int size) {
    }

    static class ThingsConsumer extends TopicConsumer {
        final List<Delivery<Thing>> seen = new ArrayList<>();

        ThingsConsumer() {
            json = JSON;
        }

        @Override
        protected String topic() {
            return "things";
        }

        @Override
        protected boolean enabled() {
            return false;
        }

        @Override
        protected void handlers() {
            on(List.of("thing.created.v1", "thing.updated.v1"), Thing.class, seen::add);
        }
    }

    static JsonNode event(String json) throws Exception {
        return JSON.readTree(json);
    }

    @Test
    void anEventOfAHandledTypeReachesItsHandlerWithItsDataAsTheRecord() throws Exception {
        ThingsConsumer consumer = new ThingsConsumer();
        consumer.apply(event("""
                {"id":"e1","type":"thing.updated.v1","subject":"t1","time":"2026-11-27T08:00:00.5Z",
                 "data":{"id":"t1","size":3,"extra":"ignored"}}"""));
        Delivery<Thing> d = consumer.seen.get(0);
        assertEquals("e1", d.id());
        assertEquals("thing.updated.v1", d.type());
        assertEquals("t1", d.subject());
        assertEquals(Instant.parse("2026-11-27T08:00:00.5Z"), d.time());
        assertEquals(new Thing("t1", 3), d.data());
        assertEquals("ignored", d.rawData().get("extra").asText());
        assertEquals(Set.of("thing.created.v1", "thing.updated.v1"), consumer.handledTypes());
    }

    @Test
    void aTypeWithNoHandlerIsIgnored() throws Exception {
        ThingsConsumer consumer = new ThingsConsumer();
        consumer.apply(event("{\"id\":\"e1\",\"type\":\"thing.deleted.v1\",\"data\":{\"id\":\"t1\"}}"));
        assertTrue(consumer.seen.isEmpty());
    }

    @Test
    void anEventWithoutTimeHasNone() throws Exception {
        ThingsConsumer consumer = new ThingsConsumer();
        consumer.apply(event("{\"id\":\"e1\",\"type\":\"thing.created.v1\",\"data\":{\"id\":\"t1\",\"size\":1}}"));
        assertNull(consumer.seen.get(0).time());
        assertEquals(Instant.EPOCH, consumer.seen.get(0).timeOr(Instant.EPOCH));
    }

    @Test
    void dataThatCannotApplyIsUndeliverable() throws Exception {
        ThingsConsumer consumer = new ThingsConsumer();
        assertThrows(UndeliverableEvent.class, () -> consumer.apply(event(
                "{\"id\":\"e1\",\"type\":\"thing.created.v1\"}")));
        assertThrows(UndeliverableEvent.class, () -> consumer.apply(event(
                "{\"id\":\"e1\",\"type\":\"thing.created.v1\",\"data\":{\"size\":\"big\"}}")));
        assertThrows(UndeliverableEvent.class, () -> consumer.apply(event(
                "{\"id\":\"e1\",\"type\":\"thing.created.v1\",\"time\":\"yesterday\",\"data\":{\"size\":1}}")));
        assertTrue(consumer.seen.isEmpty());
    }

    @Test
    void aTypeRegisteredTwiceIsAMistakeFoundAtTheFirstEvent() throws Exception {
        TopicConsumer twice = new ThingsConsumer() {
            @Override
            protected void handlers() {
                super.handlers();
                on("thing.created.v1", Thing.class, d -> { });
            }
        };
        assertThrows(IllegalStateException.class, twice::handledTypes);
    }
}
