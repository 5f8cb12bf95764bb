package io.bindery.commons.events;

import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One Kafka consumer on a thread of its own, for one {@link TopicConsumer} or for all that share a service's
 * {@link EventsReader}. It polls, hands each record to its handler, commits what was dealt with, and reads a
 * partition again from a record that was neither applied nor parked (the database is down).
 * <p>
 * When the loop fails it is started again with a fresh Kafka consumer (from the last committed offset): a bug met by
 * one event, or a client in a bad state, must not leave a topic unread until someone restarts the service. After
 * {@link #MAX_RESTARTS} failures in a row it gives up and liveness fails ({@link EventsHealth.Consumers}), so that the
 * orchestrator restarts the whole service.
 */
final class ConsumerLoop {
    private static final Logger LOG = Logger.getLogger(ConsumerLoop.class);
    static final int MAX_RESTARTS = 5;

    /** Deals with one record: true when it is applied, parked or dead-lettered, false when it must be read again. */
    @FunctionalInterface
    interface RecordHandler {
        boolean handle(ConsumerRecord<String, String> record) throws InterruptedException;
    }

    private final String name;
    private final Supplier<KafkaConsumer<String, String>> clients;
    private final Collection<String> topics;
    private final Duration pollTimeout;
    private final RecordHandler handler;
    /** The offset metadata committed with a partition's offset (the shared reader names its readers there). */
    private final Function<TopicPartition, String> commitMetadata;
    /** Given the client, what to do when partitions are assigned (the shared reader's start positions); or null. */
    private final Function<KafkaConsumer<String, String>, ConsumerRebalanceListener> rebalance;
    /** Told each topic's lag after every poll (a topic with a partition not fetched yet is not told). */
    private final BiConsumer<String, Long> lag;

    private volatile KafkaConsumer<String, String> consumer;
    private volatile boolean running;
    private volatile Thread thread;
    /** Failures of the loop in a row (reset by a successful poll); past {@link #MAX_RESTARTS} it gives up. */
    private volatile int failuresInARow;
    private volatile boolean gaveUp;

    ConsumerLoop(String name, Supplier<KafkaConsumer<String, String>> clients, Collection<String> topics,
                 Duration pollTimeout, RecordHandler handler, Function<TopicPartition, String> commitMetadata,
                 Function<KafkaConsumer<String, String>, ConsumerRebalanceListener> rebalance, BiConsumer<String, Long> lag) {
        this.name = name;
        this.clients = clients;
        this.topics = List.copyOf(topics);
        this.pollTimeout = pollTimeout;
        this.handler = handler;
        this.commitMetadata = commitMetadata;
        this.rebalance = rebalance;
        this.lag = lag;
    }

    void start() {
        running = true;
        Thread t = new Thread(this::supervise, name);
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    void stop() {
        running = false;
        KafkaConsumer<String, String> c = consumer;
        if (c != null) {
            c.wakeup();
        }
    }

    /** False once the loop failed more than {@link #MAX_RESTARTS} times in a row, or before it started. */
    boolean alive() {
        Thread t = thread;
        return !gaveUp && t != null && t.isAlive();
    }

    private void supervise() {
        Duration pause = Duration.ofSeconds(1);
        while (running) {
            try {
                consumer = clients.get();
                run();
                return; // stopped
            } catch (Throwable e) {
                if (!running || e instanceof InterruptedException) {
                    return;
                }
                if (e instanceof VirtualMachineError fatal) {
                    throw fatal;
                }
                failuresInARow++;
                if (failuresInARow > MAX_RESTARTS) {
                    gaveUp = true;
                    LOG.errorf(e, "%s failed %d times in a row: not restarted again (liveness is down)", name,
                            failuresInARow);
                    return;
                }
                LOG.errorf(e, "%s failed; restarting it in %ds (%d of %d)", name, pause.toSeconds(), failuresInARow,
                        MAX_RESTARTS);
                try {
                    Thread.sleep(pause.toMillis());
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
                pause = pause.multipliedBy(2).compareTo(Duration.ofSeconds(30)) > 0 ? Duration.ofSeconds(30) : pause.multipliedBy(2);
            }
        }
    }

    /** The poll loop; returns when the service stops, throws when something in it failed. */
    private void run() throws InterruptedException {
        KafkaConsumer<String, String> c = consumer;
        try {
            if (rebalance == null) {
                c.subscribe(topics);
            } else {
                c.subscribe(topics, rebalance.apply(c));
            }
            while (running) {
                // a long poll: it returns as soon as records arrive, so waiting long costs no latency, only idle wake-ups
                ConsumerRecords<String, String> records = c.poll(pollTimeout);
                failuresInARow = 0;
                sampleLag(c);
                if (records.isEmpty()) {
                    continue;
                }
                Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
                Set<TopicPartition> halted = new HashSet<>();
                for (ConsumerRecord<String, String> record : records) {
                    TopicPartition partition = new TopicPartition(record.topic(), record.partition());
                    if (halted.contains(partition)) {
                        continue;
                    }
                    if (handler.handle(record)) {
                        done.put(partition, new OffsetAndMetadata(record.offset() + 1, commitMetadata.apply(partition)));
                    } else {
                        // neither applied nor parked: read this partition again from here
                        c.seek(partition, record.offset());
                        halted.add(partition);
                    }
                }
                if (!done.isEmpty()) {
                    c.commitSync(done);
                }
                if (!halted.isEmpty()) {
                    Thread.sleep(1000);
                }
            }
        } catch (WakeupException stopping) {
            // shutdown
        } finally {
            c.close(Duration.ofSeconds(2));
        }
    }

    /**
     * Each topic's records behind its end over this client's partitions (no broker call: from the last fetch); a
     * topic with a partition not fetched yet keeps the figure it had.
     */
    private void sampleLag(KafkaConsumer<String, String> c) {
        Map<String, Long> behind = new HashMap<>();
        Set<String> unknown = new HashSet<>();
        for (TopicPartition partition : c.assignment()) {
            OptionalLong l = c.currentLag(partition);
            if (l.isEmpty()) {
                unknown.add(partition.topic());
            } else {
                behind.merge(partition.topic(), l.getAsLong(), Long::sum);
            }
        }
        behind.keySet().removeAll(unknown);
        behind.forEach(lag);
    }
}
