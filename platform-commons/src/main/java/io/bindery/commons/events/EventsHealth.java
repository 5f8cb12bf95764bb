package io.bindery.commons.events;

import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

import java.time.Duration;
import java.time.Instant;

/**
 * Readiness of the event plumbing: down while an event has been parked longer than
 * {@code bindery.events.parked-max-age} (15 min: someone must look at it) or when a consumer thread that should run
 * has died. It also reports the age of the oldest unpublished outbox row, without failing on it: the API keeps
 * answering while Kafka is away, and the relay catches up when it returns.
 */
@Readiness
@ApplicationScoped
public class EventsHealth implements HealthCheck {
    @Inject
    FailedEvents failed;
    @Inject
    @Any
    Instance<TopicConsumer> consumers;
    @Inject
    EntityManager em;
    Duration parkedMaxAge;

    /** From the one typed configuration of commons (a bad value stops the start-up, naming the key). */
    @Inject
    void configure(io.bindery.commons.config.BinderyServiceConfig config) {
        parkedMaxAge = config.events().parkedMaxAge();
    }

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder r = HealthCheckResponse.named("events").up();
        for (TopicConsumer c : consumers) {
            if (!c.alive()) {
                r.down().withData("consumer " + c.topicName(), "stopped");
            }
        }
        try {
            QuarkusTransaction.requiringNew().run(() -> {
                FailedEvents.Parked parked = failed.parked();
                r.withData("parkedEvents", parked.count()).withData("oldestParkedSeconds", parked.oldest().toSeconds());
                if (parked.count() > 0 && parked.oldest().compareTo(parkedMaxAge) > 0) {
                    r.down();
                }
                Instant oldest = (Instant) em.createNativeQuery(
                        "SELECT min(created_at) FROM outbox_event WHERE published_at IS NULL").getSingleResult();
                r.withData("oldestUnpublishedOutboxSeconds",
                        oldest == null ? 0 : Duration.between(oldest, Instant.now()).toSeconds());
            });
        } catch (RuntimeException e) {
            r.down().withData("error", "cannot read failed_event / outbox_event: " + e.getMessage());
        }
        return r.build();
    }
}
