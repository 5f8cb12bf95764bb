package io.bindery.commons.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * Where the shared {@link EventsReader} starts on a partition, on a real broker: nothing a consumer had not read
 * before is skipped when the service moves from one Kafka consumer per topic to one for all, or when a consumer is
 * turned on later.
 */
class EventsReaderStartTest {
    static final String BOOTSTRAP = Optional.ofNullable(System.getenv("BINDERY_TEST_KAFKA")).orElse("127.0.0.1:9092");

    static class Reader extends TypedHandlersTest.ThingsConsumer {
        final String topic;
        final String suffix;

        Reader(String topic, String suffix) {
            this.topic = topic;
            this.suffix = suffix;
            serviceName = "reader-test";
            group = Optional.empty();
            jdbcUrl = "jdbc:postgresql://127.0.0.1:1/bindery_test";
        }

        @Override
        protected String topic() {
            return topic;
        }

        @Override
        protected String groupSuffix() {
            return suffix;
        }
    }

    @Test
    void theCommittedOffsetStandsWhenItNamesEveryReader() {
        OffsetAndMetadata committed = new OffsetAndMetadata(9, "g-a,g-b");
        assertNull(EventsReader.StartPositions.start(committed, List.of("g-b", "g-a"), Map.of()));
    }

    @Test
    void aReaderTheCommitDoesNotNameStartsFromItsOwnGroupOrTheBeginning() {
        OffsetAndMetadata committed = new OffsetAndMetadata(9, "g-a");
        assertEquals(5L, EventsReader.StartPositions.start(committed, List.of("g-a", "g-b"),
                Map.of("g-b", new OffsetAndMetadata(5))));
        assertEquals(9L, EventsReader.StartPositions.start(committed, List.of("g-a", "g-b"),
                Map.of("g-b", new OffsetAndMetadata(12))));
        assertEquals(-1L, EventsReader.StartPositions.start(committed, List.of("g-a", "g-b"), Map.of()));
        assertEquals(3L, EventsReader.StartPositions.start(null, List.of("g-a", "g-b"),
                Map.of("g-a", new OffsetAndMetadata(3), "g-b", new OffsetAndMetadata(4))));
    }

    @Test
    void onABrokerTheSharedGroupStartsWhereNoReaderMissesAnEvent() throws Exception {
        String topic = "bindery.test.reader-" + UUID.randomUUID();
        TopicPartition partition = new TopicPartition(topic, 0);
        Reader a = new Reader(topic, "-a");
        Reader b = new Reader(topic, "-b");
        try (Admin admin = Admin.create(adminSettings())) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerSettings())) {
                for (int i = 0; i < 10; i++) {
                    producer.send(new ProducerRecord<>(topic, "k", "{\"n\":" + i + "}")).get();
                }
            }
            // before the shared reader: each consumer read the topic under its own group, b further than a
            admin.alterConsumerGroupOffsets(a.groupId(), Map.of(partition, new OffsetAndMetadata(4))).all().get();
            admin.alterConsumerGroupOffsets(b.groupId(), Map.of(partition, new OffsetAndMetadata(7))).all().get();
        }
        String shared = a.groupRead();

        // the first start: from a's offset, the lesser (b sees 4..6 again: idempotent), committed at once for both
        assertEquals(4, firstOffsetRead(shared, topic, List.of(a, b), -1));
        try (Admin admin = Admin.create(adminSettings())) {
            OffsetAndMetadata committed = admin.listConsumerGroupOffsets(shared).partitionsToOffsetAndMetadata().get()
                    .get(partition);
            assertNotNull(committed, "the start positions are committed when they are chosen");
            assertEquals(4, committed.offset());
            assertEquals(a.groupId() + "," + b.groupId(), committed.metadata());
            // a's own group moves back: the shared group no longer asks it, having read for both
            admin.alterConsumerGroupOffsets(a.groupId(), Map.of(partition, new OffsetAndMetadata(0))).all().get();
        }
        assertEquals(4, firstOffsetRead(shared, topic, List.of(a, b), 10));

        // the next start: from the committed offset, naming both
        assertEquals(10, firstOffsetRead(shared, topic, List.of(a, b), -1));

        // a consumer turned on later, with no group of its own, reads the topic from its beginning
        Reader c = new Reader(topic, "-c");
        assertEquals(0, firstOffsetRead(shared, topic, List.of(a, b, c), 10));
        assertEquals(10, firstOffsetRead(shared, topic, List.of(a, b, c), -1));
    }

    /**
     * Subscribes the shared group with {@link EventsReader.StartPositions}, returns the position it starts at, and
     * commits {@code commitAt} (unless -1) naming the readers, as the loop does after a batch.
     */
    private static long firstOffsetRead(String group, String topic, List<Reader> readers, long commitAt) {
        TopicPartition partition = new TopicPartition(topic, 0);
        try (KafkaConsumer<String, String> client = new KafkaConsumer<>(consumerSettings(group))) {
            client.subscribe(List.of(topic), new EventsReader.StartPositions(client,
                    Map.of(topic, readers.stream().map(TopicConsumer::groupId).toList()), () -> Admin.create(adminSettings())));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (client.assignment().isEmpty() && System.nanoTime() < deadline) {
                ConsumerRecords<String, String> records = client.poll(Duration.ofMillis(200));
                if (!records.isEmpty()) {
                    long first = records.iterator().next().offset();
                    commit(client, partition, readers, commitAt);
                    return first;
                }
            }
            long position = client.position(partition);
            commit(client, partition, readers, commitAt);
            return position;
        }
    }

    private static void commit(KafkaConsumer<String, String> client, TopicPartition partition, List<Reader> readers, long at) {
        if (at >= 0) {
            client.commitSync(Map.of(partition, new OffsetAndMetadata(at,
                    EventsReader.StartPositions.readers(readers.stream().map(TopicConsumer::groupId).toList()))));
        }
    }

    private static Properties adminSettings() {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, BOOTSTRAP);
        return p;
    }

    private static Properties producerSettings() {
        Properties p = adminSettings();
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return p;
    }

    private static Properties consumerSettings(String group) {
        Properties p = adminSettings();
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        return p;
    }
}
