package io.bindery.commons.events;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.bindery.commons.schedule.PeriodicJobs;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Publishes outbox rows to {@code bindery.<service>.events} in id order, keyed by aggregate id (so each
 * aggregate's events keep their order on one partition), and marks them published. When Kafka is
 * unreachable it stops at the first failure and tries again from that row later: nothing is lost, order
 * holds, and a redelivered event keeps its id so consumers can drop duplicates. A PostgreSQL advisory lock
 * makes sure only one replica relays at a time.
 */
@ApplicationScoped
public class OutboxRelay {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final int BATCH = 500;

    @Inject
    OutboxStore outbox;
    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "127.0.0.1:9092")
    String bootstrap;
    /** Every kafka.* / KAFKA_* setting (security protocol, SASL, TLS, ...): see {@link KafkaClientConfig}. */
    @Inject
    @io.smallrye.common.annotation.Identifier("default-kafka-broker")
    Map<String, Object> kafkaConfig;
    String serviceName;
    /** Defaults to bindery.<service>.events, e.g. bindery.identity.events. */
    Optional<String> topicOverride;

    /** From the one typed configuration of commons (a bad value stops the start-up, naming the key). */
    @Inject
    void configure(io.bindery.commons.config.BinderyServiceConfig config) {
        serviceName = config.service().name();
        topicOverride = config.events().topic();
    }

    private KafkaProducer<String, String> producer;
    private volatile long pauseUntil;

    public String topic() {
        return topicOverride.orElse("bindery." + serviceName.replace("-service", "") + ".events");
    }

    private final AtomicBoolean wakePending = new AtomicBoolean();
    /**
     * Runs the relay at once when a commit asks for it (and a second later while Kafka is down): a thread of its own,
     * not one of {@link PeriodicJobs}', so that a long periodic job (a clustering, an embedding batch) never holds
     * an event back; at rest it sleeps without a timer.
     */
    private final java.util.concurrent.ScheduledExecutorService waker = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("outbox-relay").daemon().factory());

    /**
     * Asks for a relay run now (called after a transaction that wrote events commits), so events leave within
     * milliseconds; the scheduled run ({@code bindery.outbox.poll-interval}, 30 s) is only the safety net, slow so
     * that an idle service does not query its outbox every second. Requests made while one is queued coalesce.
     */
    public void wake() {
        if (wakePending.compareAndSet(false, true)) {
            waker.execute(() -> {
                wakePending.set(false);
                relay();
            });
        }
    }

    /** The safety poll from the start, and the prune of published rows after a minute. */
    void schedule(@Observes io.quarkus.runtime.StartupEvent event, PeriodicJobs jobs,
            io.bindery.commons.config.BinderyServiceConfig config) {
        jobs.every("outbox relay", config.outbox().pollInterval(), Duration.ZERO, this::relay);
        jobs.every("outbox prune", Duration.ofHours(1), Duration.ofMinutes(1), this::prune);
    }

    synchronized void relay() {
        if (System.currentTimeMillis() < pauseUntil) {
            return;
        }
        try {
            while (relayBatch() == BATCH) {
                // keep draining a backlog
            }
        } catch (RuntimeException e) {
            LOG.warnf("outbox relay paused: %s", e.getMessage());
            pauseUntil = System.currentTimeMillis() + 1000;
            closeProducer();
            // rows wait (Kafka is away): try again in a second, not at the next safety poll
            waker.schedule(this::wake, 1100, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Publishes at most one batch and returns how many rows were published; throws, after committing the
     * rows that did reach Kafka, when Kafka refused one.
     */
    public int relayBatch() {
        BatchResult result = QuarkusTransaction.requiringNew().call(this::publishBatch);
        if (result.failure() != null) {
            throw result.failure();
        }
        return result.published();
    }

    private record BatchResult(int published, RuntimeException failure) {
    }

    private BatchResult publishBatch() {
        if (!outbox.tryRelayLock()) {
            return new BatchResult(0, null);
        }
        List<OutboxStore.Unpublished> rows = outbox.unpublished(BATCH);
        if (rows.isEmpty()) {
            return new BatchResult(0, null);
        }
        KafkaProducer<String, String> p = producer();
        p.partitionsFor(topic()); // throws within max.block.ms when the broker is away, before any send
        List<Future<RecordMetadata>> sent = new ArrayList<>(rows.size());
        for (OutboxStore.Unpublished row : rows) {
            try {
                sent.add(p.send(new ProducerRecord<>(topic(), row.aggregateId(), row.envelope())));
            } catch (RuntimeException e) {
                sent.add(CompletableFuture.failedFuture(e));
                break;
            }
        }
        List<Long> published = new ArrayList<>(rows.size());
        RuntimeException failure = null;
        for (int i = 0; i < sent.size(); i++) {
            try {
                sent.get(i).get(10, TimeUnit.SECONDS);
                published.add(rows.get(i).id());
            } catch (Exception e) {
                failure = new IllegalStateException("Kafka did not take event " + rows.get(i).id() + ": " + e, e);
                break; // only the unbroken prefix counts as published, so order is kept on retry
            }
        }
        if (!published.isEmpty()) {
            outbox.markPublished(published, Instant.now());
        }
        return new BatchResult(published.size(), failure);
    }

    /**
     * Age in seconds of the oldest event not yet on Kafka (0 when none), as last sampled. A scrape must not query (it
     * may run on an event loop), and an unscraped service should not query every 10 s either (issue 29: idle CPU), so
     * a scrape reads the last sample and, when that is older than {@link #LAG_SAMPLE_MS}, asks for a fresh one on the
     * relay's thread: the gauge lags a scrape interval at most.
     */
    private volatile double lagSeconds;
    private volatile long lagSampledAt;
    private final AtomicBoolean lagSampling = new AtomicBoolean();
    static final long LAG_SAMPLE_MS = 5000;
    @Inject
    jakarta.enterprise.inject.Instance<io.micrometer.core.instrument.MeterRegistry> registry;

    void registerGauge(@Observes io.quarkus.runtime.StartupEvent event) {
        if (registry.isResolvable()) {
            io.micrometer.core.instrument.Gauge.builder("bindery.outbox.lag.seconds", this, OutboxRelay::lagForScrape)
                    .description("age of the oldest outbox event not yet published to Kafka (0: none waiting)")
                    .register(registry.get());
        }
    }

    double lagForScrape() {
        if (System.currentTimeMillis() - lagSampledAt > LAG_SAMPLE_MS && lagSampling.compareAndSet(false, true)) {
            waker.execute(() -> {
                try {
                    sampleLag();
                } finally {
                    lagSampling.set(false);
                }
            });
        }
        return lagSeconds;
    }

    void sampleLag() {
        try {
            double age = QuarkusTransaction.requiringNew().call(outbox::unpublishedLagSeconds);
            lagSeconds = Math.max(0, age);
            lagSampledAt = System.currentTimeMillis();
        } catch (RuntimeException e) {
            LOG.debugf("outbox lag not sampled: %s", e.getMessage()); // the database is away: readiness says so
        }
    }

    /** Published rows are kept a while for inspection, then removed. */
    void prune() {
        QuarkusTransaction.requiringNew().run(outbox::prunePublished);
    }

    private synchronized KafkaProducer<String, String> producer() {
        if (producer == null) {
            Properties props = KafkaClientConfig.from(kafkaConfig);
            props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
            props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
            props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
            props.put(ProducerConfig.ACKS_CONFIG, "all");
            props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
            props.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, "5");
            props.put(ProducerConfig.LINGER_MS_CONFIG, "1");
            // Fail fast while Kafka is away: the rows stay in the outbox and are retried.
            props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "3000");
            props.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "3000");
            props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "5000");
            props.put(ProducerConfig.CLIENT_ID_CONFIG, serviceName + "-outbox");
            producer = new KafkaProducer<>(props);
        }
        return producer;
    }

    private synchronized void closeProducer() {
        if (producer != null) {
            producer.close(java.time.Duration.ofSeconds(1));
            producer = null;
        }
    }

    void stop(@Observes ShutdownEvent event) {
        waker.shutdownNow();
        closeProducer();
    }
}
