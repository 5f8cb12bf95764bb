package io.bindery.content.events;

import io.bindery.commons.events.FailedEvents;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 34: a parked event is retried at its scheduled times, not at every poll. The schedule is driven with the
 * test's own clock ({@link FailedEvents#retryDue(Instant)}); the service's own timer is off (every hour). Before: a
 * held event behind a parked one made its aggregate due, and the parked one was retried every 10 s although its next
 * retry was an hour away.
 */
@QuarkusTest
@TestProfile(RetryScheduleTest.Schedule.class)
@WithTestResource(TestIdentity.class)
class RetryScheduleTest {
    public static class Schedule implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("bindery.test.flaky-consumer.enabled", "true",
                    "bindery.events.max-attempts", "2",
                    "bindery.events.retry-backoff", "PT0.05S",
                    "bindery.events.retry-parked-every", "1h",
                    "bindery.events.retry-parked-first-delay", "PT10M",
                    "bindery.events.retry-parked-max-delay", "PT30M");
        }
    }

    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrap;
    @Inject
    FailedEvents failed;
    @Inject
    EntityManager em;

    @BeforeEach
    void freshStart() {
        FlakyTopic.forgetEarlierRuns(em);
    }

    @Test
    void retriesComeAtTheirScheduledTimesAndTheHeldEventFollows() throws Exception {
        String aggregate = "aggregate-" + UUID.randomUUID();
        String head = "head-" + UUID.randomUUID();
        String held = "held-" + UUID.randomUUID();
        try (FlakyTopic topic = new FlakyTopic(bootstrap)) {
            topic.send(head, aggregate, 1_000_000);
            topic.send(held, aggregate, 0);
            await().atMost(Duration.ofSeconds(30)).until(() -> row(held) != null);
        }
        assertEquals(2, FlakyConsumer.ATTEMPTS.get(head).get(), "the consumer's own two attempts");
        assertFalse(FlakyConsumer.ATTEMPTS.containsKey(held), "held untried behind the parked one");
        Instant parkedAt = row(head).parkedAt();
        Instant first = row(head).next();
        assertBetween(parkedAt, first, Duration.ofMinutes(10).multipliedBy(3).dividedBy(4), Duration.ofMinutes(10));
        assertTrue(row(held).next().isBefore(first), "the held event's own time has come");

        // polls before the head's time: nothing is tried, though the held event's time has come
        for (int minute = 0; minute < 7; minute++) {
            failed.retryDue(parkedAt.plus(Duration.ofMinutes(minute)));
        }
        failed.retryDue(first.minusMillis(1));
        assertEquals(2, FlakyConsumer.ATTEMPTS.get(head).get(), "not retried before its time");
        assertFalse(FlakyConsumer.ATTEMPTS.containsKey(held));

        // at its time: one retry, and the next one doubles (20 min less up to a quarter)
        failed.retryDue(first);
        assertEquals(3, FlakyConsumer.ATTEMPTS.get(head).get());
        Instant second = row(head).next();
        assertBetween(first, second, Duration.ofMinutes(15), Duration.ofMinutes(20));
        failed.retryDue(second.minusSeconds(1));
        assertEquals(3, FlakyConsumer.ATTEMPTS.get(head).get(), "not retried before its second time");

        // then up to the cap (30 min)
        failed.retryDue(second);
        assertEquals(4, FlakyConsumer.ATTEMPTS.get(head).get());
        Instant third = row(head).next();
        assertBetween(second, third, Duration.ofMinutes(30).multipliedBy(3).dividedBy(4), Duration.ofMinutes(30));
        assertEquals(2, row(head).retries());

        // fixed: at its next time it applies, and the held event follows at once, in order
        FlakyConsumer.cured = true;
        failed.retryDue(third);
        assertTrue(FlakyConsumer.APPLIED.containsKey(head));
        assertTrue(FlakyConsumer.APPLIED.containsKey(held));
        assertTrue(FlakyConsumer.ORDER.indexOf(head) < FlakyConsumer.ORDER.indexOf(held));
        assertEquals(1, FlakyConsumer.ATTEMPTS.get(held).get());
        assertEquals(null, row(head));
        assertEquals(null, row(held));
    }

    record Row(Instant parkedAt, Instant next, int retries) {
    }

    private Row row(String eventId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery(
                        "SELECT parked_at, next_retry_at, retries FROM failed_event WHERE event_id = :id")
                .setParameter("id", eventId).getResultList());
        return rows.isEmpty() ? null
                : new Row((Instant) rows.get(0)[0], (Instant) rows.get(0)[1], ((Number) rows.get(0)[2]).intValue());
    }

    private static void assertBetween(Instant from, Instant at, Duration least, Duration most) {
        Duration d = Duration.between(from, at);
        assertTrue(d.compareTo(least) >= 0 && d.compareTo(most) <= 0, d + " not within " + least + ".." + most);
    }
}
