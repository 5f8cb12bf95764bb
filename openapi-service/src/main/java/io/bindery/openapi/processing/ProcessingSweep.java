package io.bindery.openapi.processing;

import io.bindery.commons.events.EventPublisher;
import io.bindery.contracts.openapi.OpenApiEventTypes;
import io.bindery.openapi.config.OpenApiConfig;
import io.bindery.openapi.specs.OpenApiSpec;
import io.bindery.openapi.specs.SpecViews;
import io.bindery.openapi.specs.Specs;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.List;

/**
 * No spec stays pending or in progress: one whose request is older than {@code stale-after} (the worker crashed,
 * the request was parked) gets a new request, published as {@code processing-requested}; the worker then counts
 * the attempt (Processor), and gives up with an error after {@code max-attempts}. Replicas skip each other's rows.
 */
@ApplicationScoped
public class ProcessingSweep {
    private static final Logger LOG = Logger.getLogger(ProcessingSweep.class);

    @Inject
    EntityManager em;
    @Inject
    EventPublisher events;
    @Inject
    SpecViews views;
    @Inject
    OpenApiConfig config;

    @Scheduled(every = "${bindery.openapi.processing.sweep-every:30s}", delayed = "5s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    @Transactional
    void sweep() {
        Instant now = Instant.now();
        Instant before = now.minus(config.processing().staleAfter());
        @SuppressWarnings("unchecked")
        List<OpenApiSpec> stalled = em.createNativeQuery("""
                        SELECT * FROM openapi_spec
                        WHERE processing_state <> 'complete' AND COALESCE(progress_at, requested_at) < :before
                        ORDER BY requested_at LIMIT 100 FOR UPDATE SKIP LOCKED""", OpenApiSpec.class)
                .setParameter("before", before).getResultList();
        for (OpenApiSpec spec : stalled) {
            int attempts = spec.attempts;
            Specs.requestProcessing(spec, Specs.nowMicros());
            spec.attempts = attempts; // the attempts of this upload go on counting
            events.publish(OpenApiEventTypes.SPEC_PROCESSING_REQUESTED, spec.id, views.data(spec));
            LOG.infof("OpenAPI spec %s stalled; processing requested again (attempt %d so far)", spec.id, attempts);
        }
    }
}
