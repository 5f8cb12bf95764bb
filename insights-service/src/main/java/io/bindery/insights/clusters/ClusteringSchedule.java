package io.bindery.insights.clusters;

import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/** The periodic full recompute of the organizations whose issues changed since their last one. */
@ApplicationScoped
public class ClusteringSchedule {
    private static final Logger LOG = Logger.getLogger(ClusteringSchedule.class);

    @Inject
    Clusters clusters;

    @Scheduled(every = "${bindery.insights.clustering.recompute-every:60s}", delayed = "10s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
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
