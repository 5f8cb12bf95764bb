package io.bindery.commons.events;

import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Liveness;
import org.eclipse.microprofile.health.Readiness;

import java.time.Duration;
import java.time.Instant;

/**
 * The event plumbing in the health checks. Readiness means "can serve requests": parked and dead-lettered events,
 * an overdue one, a consumer being restarted or an outbox waiting for Kafka are reported as details but never take
 * the service out of its load balancer (one malformed event must not make a whole API unavailable). Only liveness
 * fails, when a consumer loop could not be restarted ({@link Consumers}): then the service must be restarted.
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
    OutboxStore outbox;
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
                r.withData("consumer " + c.topicName(), "stopped");
            }
        }
        try {
            QuarkusTransaction.requiringNew().run(() -> {
                FailedEvents.Parked parked = failed.parked();
                r.withData("parkedEvents", parked.parked()).withData("deadLetteredEvents", parked.dead())
                        .withData("oldestParkedSeconds", parked.oldest().toSeconds())
                        .withData("overdueParked", parked.parked() + parked.dead() > 0
                                && parked.oldest().compareTo(parkedMaxAge) > 0);
                Instant oldest = outbox.oldestUnpublished();
                r.withData("oldestUnpublishedOutboxSeconds",
                        oldest == null ? 0 : Duration.between(oldest, Instant.now()).toSeconds());
            });
        } catch (RuntimeException e) {
            // the datasource's own readiness check says whether the database is there; this one only reports
            r.withData("error", "cannot read failed_event / outbox_event: " + e.getMessage());
        }
        return r.build();
    }

    /** Liveness: down only when a consumer that should run failed again and again and is no longer restarted. */
    @Liveness
    @ApplicationScoped
    public static class Consumers implements HealthCheck {
        @Inject
        @Any
        Instance<TopicConsumer> consumers;

        @Override
        public HealthCheckResponse call() {
            HealthCheckResponseBuilder r = HealthCheckResponse.named("event-consumers").up();
            for (TopicConsumer c : consumers) {
                if (!c.alive()) {
                    r.down().withData(c.topicName(), "stopped after " + TopicConsumer.MAX_RESTARTS + " restarts");
                }
            }
            return r.build();
        }
    }
}
