package io.bindery.e2e;

import io.bindery.contracts.content.ContentEventTypes;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.e2e.Stack.TestUser;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Predicate;

import static io.bindery.e2e.ContentFixtures.addMember;
import static io.bindery.e2e.ContentFixtures.as;
import static io.bindery.e2e.ContentFixtures.createCollection;
import static io.bindery.e2e.ContentFixtures.createSpace;
import static io.bindery.e2e.ContentFixtures.json;
import static io.bindery.e2e.Stack.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * content-service's CloudEvents on bindery.content.events, read from the real broker: one per change, keyed by
 * the aggregate id (so one aggregate's events keep their order), carrying the resource without `permissions`.
 */
class ContentEventsE2ETest {
    static final String TOPIC = ContentEventTypes.TOPIC;
    static final ObjectMapper JSON = new ObjectMapper();

    /** One record of the topic: its Kafka key and its CloudEvent. */
    record Keyed(String key, JsonNode event) {
        String type() {
            return event.path("type").asText();
        }

        String subject() {
            return event.path("subject").asText();
        }
    }

    static KafkaConsumer<String, String> consumer;
    static final List<Keyed> seen = new ArrayList<>();
    static TestUser owner;
    static String org;
    static String target;

    @BeforeAll
    static void setUp() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, Stack.KAFKA);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "content-events-e2e-" + UUID.randomUUID());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        consumer = new KafkaConsumer<>(p);
        consumer.subscribe(List.of(TOPIC));
        owner = Stack.newUser("example.com");
        org = Stack.newOrg(owner);
        target = Stack.newOrg(owner);
    }

    @AfterAll
    static void close() {
        consumer.close();
    }

    /** Polls the topic until the events seen so far satisfy {@code done}; no sleeping. */
    static synchronized List<Keyed> awaitEvents(Predicate<List<Keyed>> done) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!done.test(seen)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("events did not arrive in 30 s; seen " + seen.size());
            }
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                try {
                    seen.add(new Keyed(r.key(), JSON.readTree(r.value())));
                } catch (Exception e) {
                    throw new AssertionError("not JSON on " + TOPIC + ": " + r.value(), e);
                }
            }
        }
        return seen;
    }

    static List<Keyed> about(String subject) {
        return seen.stream().filter(k -> subject.equals(k.subject())).toList();
    }

    static List<String> typesAbout(String subject) {
        return about(subject).stream().map(Keyed::type).toList();
    }

    static JsonNode only(String subject, String type) {
        List<Keyed> matching = about(subject).stream().filter(k -> type.equals(k.type())).toList();
        assertEquals(1, matching.size(), type + " about " + subject + ": " + matching);
        return matching.get(0).event();
    }

    /** The envelope rules every content event follows. */
    static void assertEnvelopes(String subject, String object) {
        for (Keyed k : about(subject)) {
            JsonNode e = k.event();
            assertEquals(subject, k.key(), "key of " + e);
            assertEquals("1.0", e.path("specversion").asText());
            assertEquals("/bindery/content-service", e.path("source").asText());
            assertTrue(e.path("id").asText().length() > 0 && e.path("time").asText().endsWith("Z"), e.toString());
            assertTrue(e.path("type").asText().matches("bindery\\.[a-z.]+\\.v1"), e.toString());
            assertFalse(e.path("data").has("permissions"), "no per-caller fields: " + e);
            if (object != null && !k.type().contains(".permission.")) {
                assertEquals(object, e.path("data").path("object").asText(), e.toString());
                assertEquals(subject, e.path("data").path("id").asText(), e.toString());
            }
        }
    }

    @Test
    void aSpacesLifeIsPublishedInOrder() {
        String shelf = createCollection(owner.token(), org, null, "Event shelf");
        String s = createSpace(owner.token(), org, json("title", "Evented"));
        as(owner.token()).body(json("title", "Renamed")).patch("/v1/spaces/" + s).then().statusCode(200);
        as(owner.token()).body(json("parent", shelf)).post("/v1/spaces/" + s + "/move").then().statusCode(200);
        api(owner.token()).delete("/v1/spaces/" + s).then().statusCode(204);
        api(owner.token()).post("/v1/spaces/" + s + "/restore").then().statusCode(200);
        as(owner.token()).body(json("organization", target)).post("/v1/spaces/" + s + "/transfer").then().statusCode(200);

        List<String> expected = List.of("bindery.space.created.v1", "bindery.space.updated.v1", "bindery.space.moved.v1",
                "bindery.space.deleted.v1", "bindery.space.restored.v1", "bindery.space.transferred.v1");
        awaitEvents(all -> typesAbout(s).containsAll(expected));
        assertEquals(expected, typesAbout(s), "one event per change, in order");
        assertEnvelopes(s, "space");

        JsonNode created = only(s, "bindery.space.created.v1").path("data");
        assertEquals("Evented", created.path("title").asText());
        assertEquals(org, created.path("organization").asText());
        assertEquals("private", created.path("visibility").asText());
        assertTrue(created.path("revision").asText().length() > 0, created.toString());
        assertTrue(created.path("urls").path("location").asText().endsWith("/v1/spaces/" + s), created.toString());
        assertFalse(created.has("parent") && !created.path("parent").isNull(), created.toString());
        assertEquals("Renamed", only(s, "bindery.space.updated.v1").path("data").path("title").asText());
        assertEquals(shelf, only(s, "bindery.space.moved.v1").path("data").path("parent").asText());
        assertTrue(only(s, "bindery.space.deleted.v1").path("data").path("deletedAt").isTextual());
        JsonNode restored = only(s, "bindery.space.restored.v1").path("data");
        assertFalse(restored.hasNonNull("deletedAt"), restored.toString());
        assertEquals(shelf, restored.path("parent").asText());
        JsonNode transferred = only(s, "bindery.space.transferred.v1").path("data");
        assertEquals(target, transferred.path("organization").asText());
        assertFalse(transferred.hasNonNull("parent"), transferred.toString());
    }

    @Test
    void aMergeAndATemplateOnLiveContentPublishContentUpdated() {
        String s = createSpace(owner.token(), org, json("title", "Content events"));
        String first = ContentFixtures.spaceRevision(owner.token(), s);
        String branch = ContentFixtures.openBranch(s);
        ContentFixtures.written(owner.token(), s, branch, ContentFixtures.insertPage("Evented page", "# Hi\n"));
        String merged = ContentFixtures.merge(s, branch).then().statusCode(200).extract().path("revision");
        as(owner.token()).body(json("id", "team-handbook")).post("/v1/spaces/" + s + "/content/template").then().statusCode(201);
        String latest = ContentFixtures.spaceRevision(owner.token(), s);

        awaitEvents(all -> typesAbout(s).stream().filter("bindery.space.content.updated.v1"::equals).count() == 2);
        List<JsonNode> updates = about(s).stream().filter(k -> k.type().equals("bindery.space.content.updated.v1"))
                .map(Keyed::event).toList();
        assertEquals(s, updates.get(0).path("subject").asText());
        assertEquals(merged, updates.get(0).path("data").path("revision").asText());
        assertEquals(first, updates.get(0).path("data").path("previousRevision").asText());
        assertEquals(branch, updates.get(0).path("data").path("changeRequest").asText());
        assertEquals(latest, updates.get(1).path("data").path("revision").asText());
        assertEquals(merged, updates.get(1).path("data").path("previousRevision").asText());
        assertFalse(updates.get(1).path("data").has("changeRequest"), updates.get(1).toString());
        for (Keyed k : about(s)) {
            assertEquals(s, k.key(), "key of " + k.event());
        }
    }

    @Test
    void aCollectionsLifeIsPublishedInOrder() {
        String outer = createCollection(owner.token(), org, null, "Outer");
        String c = createCollection(owner.token(), org, null, "Evented collection");
        as(owner.token()).body(json("title", "Renamed collection", "defaultLevel", "read")).patch("/v1/collections/" + c)
                .then().statusCode(200);
        as(owner.token()).body(json("parent", outer)).post("/v1/collections/" + c + "/move").then().statusCode(200);
        as(owner.token()).body(json("organization", target)).post("/v1/collections/" + c + "/transfer").then().statusCode(200);
        api(owner.token()).delete("/v1/collections/" + c).then().statusCode(204);

        List<String> expected = List.of("bindery.collection.created.v1", "bindery.collection.updated.v1",
                "bindery.collection.moved.v1", "bindery.collection.transferred.v1", "bindery.collection.deleted.v1");
        awaitEvents(all -> typesAbout(c).containsAll(expected));
        assertEquals(expected, typesAbout(c), "one event per change, in order");
        assertEnvelopes(c, null);
        for (String type : expected.subList(0, 4)) {
            JsonNode data = only(c, type).path("data");
            assertEquals("collection", data.path("object").asText(), data.toString());
            assertEquals(c, data.path("id").asText(), data.toString());
        }
        JsonNode created = only(c, "bindery.collection.created.v1").path("data");
        assertEquals("Evented collection", created.path("title").asText());
        assertEquals(org, created.path("organization").asText());
        JsonNode updated = only(c, "bindery.collection.updated.v1").path("data");
        assertEquals("Renamed collection", updated.path("title").asText());
        assertEquals("read", updated.path("defaultLevel").asText());
        assertEquals(outer, only(c, "bindery.collection.moved.v1").path("data").path("parent").asText());
        JsonNode transferred = only(c, "bindery.collection.transferred.v1").path("data");
        assertEquals(target, transferred.path("organization").asText());
        assertFalse(transferred.hasNonNull("parent"), transferred.toString());
        assertEquals(c, only(c, "bindery.collection.deleted.v1").path("data").path("id").asText());
    }

    @Test
    void whatACollectionCarriesIsPublishedToo() {
        String top = createCollection(owner.token(), org, null, "Carrier");
        String sub = createCollection(owner.token(), org, top, "Carried collection");
        String space = createSpace(owner.token(), org, json("title", "Carried space", "parent", sub));
        as(owner.token()).body(json("organization", target)).post("/v1/collections/" + top + "/transfer").then().statusCode(200);
        api(owner.token()).delete("/v1/collections/" + top).then().statusCode(204);

        awaitEvents(all -> typesAbout(sub).contains("bindery.collection.deleted.v1")
                && typesAbout(space).contains("bindery.space.deleted.v1"));
        assertEnvelopes(sub, null);
        assertEnvelopes(space, "space");
        assertEquals(List.of("bindery.collection.created.v1", "bindery.collection.transferred.v1", "bindery.collection.deleted.v1"),
                typesAbout(sub));
        assertEquals(List.of("bindery.space.created.v1", "bindery.space.transferred.v1", "bindery.space.deleted.v1"), typesAbout(space));
        JsonNode subTransferred = only(sub, "bindery.collection.transferred.v1").path("data");
        assertEquals(target, subTransferred.path("organization").asText());
        assertEquals(top, subTransferred.path("parent").asText());
        JsonNode spaceTransferred = only(space, "bindery.space.transferred.v1").path("data");
        assertEquals(target, spaceTransferred.path("organization").asText());
        assertEquals(sub, spaceTransferred.path("parent").asText());
        // the trashed space left the deleted tree: restorable at the root
        JsonNode trashed = only(space, "bindery.space.deleted.v1").path("data");
        assertTrue(trashed.path("deletedAt").isTextual(), trashed.toString());
        assertFalse(trashed.hasNonNull("parent"), trashed.toString());
    }

    @Test
    void grantChangesArePublished() {
        TestUser m = Stack.newUser("example.com");
        addMember(owner, org, m, "read");
        String s = createSpace(owner.token(), org, json("title", "Granted"));
        String c = createCollection(owner.token(), org, null, "Granted collection");
        as(owner.token()).body(json("role", "edit")).patch("/v1/spaces/" + s + "/permissions/users/" + m.id()).then().statusCode(204);
        api(owner.token()).delete("/v1/spaces/" + s + "/permissions/users/" + m.id()).then().statusCode(204);
        as(owner.token()).body(json("role", "comment")).patch("/v1/collections/" + c + "/permissions/users/" + m.id()).then().statusCode(204);
        as(owner.token()).body(json("role", null)).patch("/v1/collections/" + c + "/permissions/users/" + m.id()).then().statusCode(204);

        awaitEvents(all -> typesAbout(s).contains("bindery.space.permission.removed.v1")
                && typesAbout(c).contains("bindery.collection.permission.removed.v1"));
        assertEnvelopes(s, "space");
        assertEnvelopes(c, "collection");
        assertEquals(List.of("bindery.space.created.v1", "bindery.space.permission.updated.v1", "bindery.space.permission.removed.v1"),
                typesAbout(s));
        assertEquals(List.of("bindery.collection.created.v1", "bindery.collection.permission.updated.v1",
                "bindery.collection.permission.removed.v1"), typesAbout(c));

        JsonNode granted = only(s, "bindery.space.permission.updated.v1").path("data");
        assertEquals(s, granted.path("space").asText());
        assertEquals(m.id(), granted.path("user").asText());
        assertEquals("edit", granted.path("role").asText());
        JsonNode removed = only(s, "bindery.space.permission.removed.v1").path("data");
        assertEquals(s, removed.path("space").asText());
        assertEquals(m.id(), removed.path("user").asText());
        JsonNode collectionGrant = only(c, "bindery.collection.permission.updated.v1").path("data");
        assertEquals(c, collectionGrant.path("collection").asText());
        assertEquals(m.id(), collectionGrant.path("user").asText());
        assertEquals("comment", collectionGrant.path("role").asText());
        assertEquals(m.id(), only(c, "bindery.collection.permission.removed.v1").path("data").path("user").asText());

        // removing a grant that does not exist changes nothing: no event
        api(owner.token()).delete("/v1/spaces/" + s + "/permissions/users/" + m.id()).then().statusCode(204);
        as(owner.token()).body(json("title", "Marker")).patch("/v1/spaces/" + s).then().statusCode(200);
        awaitEvents(all -> typesAbout(s).contains("bindery.space.updated.v1"));
        assertEquals(1, about(s).stream().filter(k -> k.type().equals("bindery.space.permission.removed.v1")).count());
    }
}
