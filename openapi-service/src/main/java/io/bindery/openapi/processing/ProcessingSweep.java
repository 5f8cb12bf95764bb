package io.bindery.openapi.processing;

import io.bindery.openapi.config.OpenApiConfig;
import io.bindery.openapi.specs.Specs;
import io.bindery.commons.schedule.PeriodicJobs;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;

/**
 * No spec stays pending or in progress: one whose request is older than {@code stale-after} (the worker crashed,
 * the request was parked) gets a new request, published as {@code processing-requested}; the worker then counts
 * the attempt (Processor), and gives up with an error after {@code max-attempts}. Replicas skip each other's rows.
 */
@ApplicationScoped
public class ProcessingSweep {
    private static final Logger LOG = Logger.getLogger(ProcessingSweep.class);

    @Inject
    Specs specs;
    @Inject
    OpenApiConfig config;

    void schedule(@Observes StartupEvent event, PeriodicJobs jobs) {
        jobs.every("stalled specs' sweep", config.processing().sweepEvery(), Duration.ofSeconds(5),
                () -> QuarkusTransaction.requiringNew().run(this::sweep));
    }

    /** Runs in the caller's transaction. */
    void sweep() {
        Instant now = Instant.now();
        Instant before = now.minus(config.processing().staleAfter());
        for (Specs.Stalled spec : specs.requestStalledAgain(before)) {
            LOG.infof("OpenAPI spec %s stalled; processing requested again (attempt %d so far)", spec.id(),
                    spec.attempts());
        }
    }
}
