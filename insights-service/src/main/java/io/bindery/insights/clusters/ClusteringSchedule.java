package io.bindery.insights.clusters;

import io.bindery.commons.schedule.PeriodicJobs;
import io.bindery.insights.config.InsightsConfig;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.Duration;

/** The periodic full recompute of the organizations whose issues changed since their last one. */
@ApplicationScoped
public class ClusteringSchedule {
    private static final Logger LOG = Logger.getLogger(ClusteringSchedule.class);

    @Inject
    Clusters clusters;

    void schedule(@Observes StartupEvent event, PeriodicJobs jobs, InsightsConfig config) {
        jobs.every("clustering", config.clustering().recomputeEvery(), Duration.ofSeconds(10),
                this::recomputeChanged);
    }

    void recomputeChanged() {
        for (String organizationId : clusters.changed()) {
            try {
                long started = System.nanoTime();
                Clusters.Recomputed r = clusters.recompute(organizationId);
                // bench/insights.sh reads this line
                LOG.infof("clustered %d issues of %s into %d clusters in %d ms (engine %d ms, %d moved)", r.issues(),
                        organizationId, r.clusters(), (System.nanoTime() - started) / 1_000_000, r.engineMillis(),
                        r.moved());
            } catch (RuntimeException e) {
                LOG.warnf(e, "clustering the issues of %s failed; the next run tries again", organizationId);
            }
        }
    }
}
