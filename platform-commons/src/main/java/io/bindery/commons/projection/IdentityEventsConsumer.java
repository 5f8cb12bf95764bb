package io.bindery.commons.projection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * Feeds {@link MembershipProjection} and {@link UserDirectory} from bindery.identity.events, in services that
 * set {@code bindery.projections.memberships.enabled=true}. At-least-once: offsets are committed after the
 * batch is applied, and the projections drop what they have already seen.
 * <p>
 * The consumer group is {@code <service>@<database>} unless configured: replicas of one service sharing a
 * database share the work, while two stacks on one broker (a developer's and the end-to-end one) each see
 * every event.
 */
@ApplicationScoped
public class IdentityEventsConsumer {
    private static final Logger LOG = Logger.getLogger(IdentityEventsConsumer.class);
    static final String TOPIC = "bindery.identity.events";

    @Inject
    MembershipProjection projection;
    @Inject
    UserDirectory users;
    @Inject
    ObjectMapper json;
    @ConfigProperty(name = "bindery.projections.memberships.enabled", defaultValue = "false")
    boolean enabled;
    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "127.0.0.1:9092")
    String bootstrap;
    @ConfigProperty(name = "bindery.service.name")
    String serviceName;
    @ConfigProperty(name = "bindery.events.consumer-group")
    Optional<String> group;
    @ConfigProperty(name = "quarkus.datasource.jdbc.url", defaultValue = "db")
    String jdbcUrl;

    private volatile KafkaConsumer<String, String> consumer;
    private volatile boolean running;
    private Thread thread;

    void start(@Observes StartupEvent event) {
        if (!enabled) {
            return;
        }
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, serviceName + "-identity-events");
        consumer = new KafkaConsumer<>(p);
        running = true;
        thread = new Thread(this::run, "identity-events-consumer");
        thread.setDaemon(true);
        thread.start();
    }

    String groupId() {
        if (group.isPresent()) {
            return group.get();
        }
        String database = jdbcUrl.replaceAll("[?;].*$", "").replaceAll("^.*/", "");
        return serviceName + "@" + database;
    }

    private void run() {
        try {
            consumer.subscribe(List.of(TOPIC));
            while (running) {
                ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(500));
                if (records.isEmpty()) {
                    continue;
                }
                for (ConsumerRecord<String, String> record : records) {
                    applyQuietly(record);
                }
                consumer.commitSync();
            }
        } catch (WakeupException stopping) {
            // shutdown
        } catch (RuntimeException e) {
            LOG.errorf(e, "identity events consumer stopped");
        } finally {
            consumer.close(Duration.ofSeconds(2));
        }
    }

    private void applyQuietly(ConsumerRecord<String, String> record) {
        JsonNode event;
        try {
            event = json.readTree(record.value());
        } catch (Exception e) {
            // A malformed event must not stop the stream; the read-throughs still answer for it.
            LOG.warnf("skipped an unreadable identity event at offset %d: %s", record.offset(), e.getMessage());
            return;
        }
        try {
            QuarkusTransaction.requiringNew().run(() -> {
                projection.apply(event);
                users.apply(event);
            });
        } catch (Exception e) {
            // One failing rolls back the other's writes too: give each its own transaction, so only the failing
            // one misses the event (its read-through still answers for it).
            LOG.warnf("identity event at offset %d failed, applying its projections one by one: %s", record.offset(), e.getMessage());
            applyAlone("memberships", record, () -> projection.apply(event));
            applyAlone("users", record, () -> users.apply(event));
        }
    }

    private void applyAlone(String what, ConsumerRecord<String, String> record, Runnable apply) {
        try {
            QuarkusTransaction.requiringNew().run(apply);
        } catch (Exception e) {
            LOG.warnf("skipped an identity event at offset %d for the %s projection: %s", record.offset(), what, e.getMessage());
        }
    }

    void stop(@Observes ShutdownEvent event) {
        if (consumer != null) {
            running = false;
            consumer.wakeup();
        }
    }
}
