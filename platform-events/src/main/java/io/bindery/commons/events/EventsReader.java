package io.bindery.commons.events;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * One Kafka consumer for all of a service's {@link TopicConsumer}s but those that read alone
 * ({@link TopicConsumer#ownReader()}): it subscribes to their topics under one group,
 * {@code <service>@<database>-events}, and hands each record to every consumer of its topic in turn. Issue 29: a Kafka
 * consumer fetches, heartbeats and holds a group even when nothing happens, and 22 of them (one per topic and
 * service) were most of the platform's wake-ups at rest; one per service does the same reading.
 * <p>
 * What sharing costs: an event that fails for a passing reason is retried in place (a few seconds at most, then
 * parked), and the other topics of the service wait that long. Every consumer sharing the reader applies events in a
 * short transaction of its own; slow work reads alone.
 * <p>
 * Where each partition starts ({@link StartPositions}): the offset committed with it says which consumers it was read
 * for (its metadata names their own groups). A consumer it does not name (the first start after the change, or a
 * consumer turned on later) has read as far as its own group's offset says, or nothing; the partition starts at the
 * least of its consumers' positions. A consumer may so see again events it applied already: every consumer is
 * idempotent (at-least-once), and none misses one.
 */
@ApplicationScoped
public class EventsReader {
    private static final Logger LOG = Logger.getLogger(EventsReader.class);
    /** After {@code <service>@<database>} (or {@code bindery.events.consumer-group}). */
    static final String GROUP_SUFFIX = "-events";

    @Inject
    @Any
    Instance<TopicConsumer> all;
    Duration pollTimeout;

    private volatile ConsumerLoop loop;

    @Inject
    void configure(io.bindery.commons.config.BinderyServiceConfig config) {
        pollTimeout = config.events().pollTimeout();
    }

    void start(@Observes StartupEvent event) {
        List<TopicConsumer> shared = new ArrayList<>();
        for (TopicConsumer proxy : all) {
            // the bean itself: a client proxy of a subclass in another package cannot pass on package-private calls
            TopicConsumer c = io.quarkus.arc.ClientProxy.unwrap(proxy);
            if (c.enabled() && !c.ownReader()) {
                shared.add(c);
            }
        }
        if (shared.isEmpty()) {
            return;
        }
        Map<String, List<TopicConsumer>> byTopic = new LinkedHashMap<>();
        shared.forEach(c -> byTopic.computeIfAbsent(c.topicName(), t -> new ArrayList<>()).add(c));
        // each topic's readers, by the group each read alone before: what a commit's metadata names
        Map<String, List<String>> readersByTopic = new HashMap<>();
        byTopic.forEach((topic, consumers) -> readersByTopic.put(topic,
                List.copyOf(new TreeSet<>(consumers.stream().map(TopicConsumer::groupId).toList()))));
        TopicConsumer first = shared.get(0);
        Properties settings = first.consumerProperties();
        String group = first.groupRead();
        settings.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        settings.put(ConsumerConfig.CLIENT_ID_CONFIG, first.serviceName + "-events");
        ConsumerLoop reader = new ConsumerLoop("events-consumer", () -> new KafkaConsumer<>(settings), byTopic.keySet(),
                pollTimeout, record -> handle(byTopic.get(record.topic()), record),
                partition -> StartPositions.readers(readersByTopic.get(partition.topic())),
                client -> new StartPositions(client, readersByTopic, () -> Admin.create(adminSettings(first, settings))),
                (topic, behind) -> byTopic.getOrDefault(topic, List.of()).forEach(c -> c.lag(behind)));
        shared.forEach(c -> c.readBy(reader));
        loop = reader;
        LOG.debugf("%s reads %s for %s", group, byTopic.keySet(), shared.size());
        reader.start();
    }

    /** Every consumer of the record's topic deals with it; false when one of them must read it again. */
    private static boolean handle(List<TopicConsumer> consumers, ConsumerRecord<String, String> record)
            throws InterruptedException {
        boolean done = true;
        for (TopicConsumer c : consumers) {
            done &= c.handle(record);
        }
        return done;
    }

    /** The Admin client's settings: the consumer's connection and security ones, none of a consumer's own. */
    private static Properties adminSettings(TopicConsumer first, Properties consumer) {
        Properties p = KafkaClientConfig.from(first.kafkaConfig);
        p.keySet().retainAll(AdminClientConfig.configNames());
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, consumer.get(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG));
        p.put(AdminClientConfig.CLIENT_ID_CONFIG, consumer.get(ConsumerConfig.CLIENT_ID_CONFIG) + "-offsets");
        return p;
    }

    void stop(@Observes ShutdownEvent event) {
        ConsumerLoop l = loop;
        if (l != null) {
            l.stop();
        }
    }

    /**
     * Where the shared consumer starts on the partitions it is given: from the committed offset when its metadata
     * names every consumer of the topic, else from the least of each consumer's position (the committed offset for
     * those it names, the consumer's own group's offset for the others, the partition's beginning for a consumer with
     * neither).
     */
    static final class StartPositions implements ConsumerRebalanceListener {
        private final KafkaConsumer<String, String> client;
        /** Topic to the groups of its readers. */
        private final Map<String, List<String>> readersByTopic;
        private final java.util.function.Supplier<Admin> admins;

        StartPositions(KafkaConsumer<String, String> client, Map<String, List<String>> readersByTopic,
                       java.util.function.Supplier<Admin> admins) {
            this.client = client;
            this.readersByTopic = readersByTopic;
            this.admins = admins;
        }

        /** The committed metadata that names these readers (their own groups, sorted). */
        static String readers(Collection<String> groups) {
            return String.join(",", new TreeSet<>(groups));
        }

        static Set<String> named(OffsetAndMetadata committed) {
            return committed == null || committed.metadata() == null || committed.metadata().isBlank() ? Set.of()
                    : Set.copyOf(Arrays.asList(committed.metadata().split(",")));
        }

        /** Whether the committed offset was read for every one of these readers: then it stands. */
        static boolean readForAll(OffsetAndMetadata committed, Collection<String> readers) {
            return committed != null && named(committed).containsAll(readers);
        }

        /** The least position of the readers, or -1: from the beginning. Null: the committed offset stands. */
        static Long start(OffsetAndMetadata committed, Collection<String> readers, Map<String, OffsetAndMetadata> ownOffsets) {
            if (readForAll(committed, readers)) {
                return null;
            }
            Set<String> named = named(committed);
            long least = Long.MAX_VALUE;
            for (String reader : readers) {
                OffsetAndMetadata position = named.contains(reader) ? committed : ownOffsets.get(reader);
                if (position == null) {
                    return -1L;
                }
                least = Math.min(least, position.offset());
            }
            return least;
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            if (partitions.isEmpty()) {
                return;
            }
            Map<TopicPartition, OffsetAndMetadata> committed = client.committed(Set.copyOf(partitions));
            List<TopicPartition> unnamed = partitions.stream()
                    .filter(p -> !readForAll(committed.get(p), groupsOf(p.topic()))).toList();
            if (unnamed.isEmpty()) {
                return; // the usual start: every consumer read up to the committed offset
            }
            Map<String, Map<TopicPartition, OffsetAndMetadata>> own = ownGroupOffsets(unnamed);
            Map<String, Object> starts = new java.util.TreeMap<>();
            Map<TopicPartition, OffsetAndMetadata> chosen = new HashMap<>();
            for (TopicPartition p : unnamed) {
                Map<String, OffsetAndMetadata> ofPartition = new HashMap<>();
                own.forEach((group, offsets) -> {
                    if (offsets.get(p) != null) {
                        ofPartition.put(group, offsets.get(p));
                    }
                });
                Long from = start(committed.get(p), groupsOf(p.topic()), ofPartition);
                if (from == null) {
                    continue;
                }
                if (from < 0) {
                    client.seekToBeginning(List.of(p));
                } else {
                    client.seek(p, from);
                }
                starts.put(p.toString(), from < 0 ? "beginning" : from);
                chosen.put(p, new OffsetAndMetadata(client.position(p), readers(groupsOf(p.topic()))));
            }
            // once per consumer that is new to the shared group (the first start after the change, one turned on)
            if (!starts.isEmpty()) {
                LOG.infof("partitions not read for all their consumers yet start at %s", starts);
                commitChosen(chosen);
            }
        }

        /**
         * Commits where the partitions start, naming all their readers: each has read up to there (it is the least of
         * their positions). Otherwise a partition with no new event since the change is looked up at every start.
         * Only a shortcut: when it fails, the next start looks the positions up again.
         */
        private void commitChosen(Map<TopicPartition, OffsetAndMetadata> chosen) {
            try {
                client.commitSync(chosen);
            } catch (org.apache.kafka.common.KafkaException e) {
                LOG.debugf("start positions not committed, looked up again at the next start: %s", e.getMessage());
            }
        }

        private List<String> groupsOf(String topic) {
            return readersByTopic.getOrDefault(topic, List.of());
        }

        /** The offsets each consumer's own group committed on these partitions (before the shared reader, or alone). */
        private Map<String, Map<TopicPartition, OffsetAndMetadata>> ownGroupOffsets(List<TopicPartition> partitions) {
            Set<String> groups = partitions.stream().flatMap(p -> groupsOf(p.topic()).stream())
                    .collect(Collectors.toCollection(TreeSet::new));
            Map<String, Map<TopicPartition, OffsetAndMetadata>> out = new HashMap<>();
            try (Admin admin = admins.get()) {
                for (String group : groups) {
                    Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group)
                            .partitionsToOffsetAndMetadata().get(30, TimeUnit.SECONDS);
                    out.put(group, offsets == null ? Map.of() : offsets);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while reading the consumers' own offsets", e);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                // the loop fails and is restarted: starting without them could skip or replay a whole topic
                throw new IllegalStateException("cannot read the consumers' own offsets: " + e.getMessage(), e);
            }
            return out;
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            // offsets are committed after every batch: nothing is pending here
        }
    }
}
