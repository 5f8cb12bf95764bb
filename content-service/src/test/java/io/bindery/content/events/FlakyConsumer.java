package io.bindery.content.events;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.events.TopicConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A consumer for {@link ConsumerRetriesTest}, {@link PoisonEventsTest} and {@link RetryScheduleTest}: an event fails
 * (passing failure) as many times as its {@code data.failTimes} says, or, with {@code data.poison}, is refused as
 * not fitting its contract (an IllegalArgumentException), while {@link #cured} is false; then it applies. Off unless
 * the test's profile turns it on.
 */
@ApplicationScoped
public class FlakyConsumer extends TopicConsumer {
    static final String TOPIC = "bindery.test.flaky-" + UUID.randomUUID();
    static final Map<String, AtomicInteger> ATTEMPTS = new ConcurrentHashMap<>();
    static final Map<String, Boolean> APPLIED = new ConcurrentHashMap<>();
    static final java.util.List<String> ORDER = new java.util.concurrent.CopyOnWriteArrayList<>();
    static volatile boolean cured;

    @ConfigProperty(name = "bindery.test.flaky-consumer.enabled", defaultValue = "false")
    boolean enabled;

    @Override
    protected String topic() {
        return TOPIC;
    }

    @Override
    protected boolean enabled() {
        return enabled;
    }

    @Override
    protected void apply(JsonNode event) {
        String id = event.path("id").asText();
        int attempt = ATTEMPTS.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
        if (!cured && event.path("data").path("poison").asBoolean()) {
            throw new IllegalArgumentException("data without the field this consumer needs: " + id);
        }
        if (!cured && attempt <= event.path("data").path("failTimes").asInt()) {
            throw new IllegalStateException("transient failure " + attempt + " of " + id);
        }
        APPLIED.put(id, true);
        ORDER.add(id);
    }
}
