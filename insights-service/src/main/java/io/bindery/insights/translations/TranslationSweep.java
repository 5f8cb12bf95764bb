package io.bindery.insights.translations;

import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.schedule.PeriodicJobs;
import io.bindery.contracts.insights.InsightsEventTypes;
import io.bindery.insights.config.InsightsConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import io.quarkus.runtime.StartupEvent;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs that died with their service. An instance refreshes the heartbeat of the runs it is running every
 * {@code translations.heartbeat-every}; a run still {@code running} whose heartbeat is older than
 * {@code translations.stale-after} was interrupted (its service was killed or crashed), and the next sweep of any
 * instance (the first a few seconds after a start) puts it back to {@code pending}, with an error that says so and a
 * {@code translation.updated} event. A new run is not blocked by it, and starts over from the last completed run,
 * writing into the target space the interrupted run created if it got that far.
 * <p>
 * The sweep does not run it again by itself: content and review take page and change-request writes from users
 * only, and a user's token is only held for their request.
 */
@ApplicationScoped
public class TranslationSweep {
    private static final Logger LOG = Logger.getLogger(TranslationSweep.class);

    /** The runs this instance is running now. */
    private final Set<String> running = ConcurrentHashMap.newKeySet();

    @Inject
    TranslationStore store;
    @Inject
    EventPublisher events;
    @Inject
    InsightsConfig config;

    void started(String translationId) {
        running.add(translationId);
    }

    void ended(String translationId) {
        running.remove(translationId);
    }

    /** Whether a running row's run is alive: this instance runs it, or its heartbeat is recent. */
    boolean alive(Translation row) {
        return running.contains(row.id) || row.heartbeatAt != null
                && row.heartbeatAt.isAfter(Instant.now().minus(config.translations().staleAfter()));
    }

    void schedule(@Observes StartupEvent event, PeriodicJobs jobs) {
        jobs.every("translations' heartbeat and sweep", config.translations().heartbeatEvery(),
                Duration.ofSeconds(5), this::scheduled);
    }

    void scheduled() {
        heartbeat();
        sweep();
    }

    /** Refreshes the heartbeat of this instance's runs. */
    @Transactional
    public void heartbeat() {
        if (running.isEmpty()) {
            return;
        }
        store.heartbeat(running, now());
    }

    /** Puts the runs whose heartbeat stopped back to pending; their ids. */
    @Transactional
    public List<String> sweep() {
        Instant now = now();
        List<String> stale = store.lockStaleRunning(now.minus(config.translations().staleAfter()));
        List<String> reset = stale.stream().filter(id -> !running.contains(id)).toList();
        for (String id : reset) {
            Translation row = store.lock(id);
            row.status = "pending";
            row.lastError = "the run was interrupted: its service stopped"
                    + (row.heartbeatAt == null ? "" : " (last heard of at " + row.heartbeatAt + ")")
                    + "; run it again";
            row.updatedAt = now;
            events.publish(InsightsEventTypes.TRANSLATION_UPDATED, row.id, Translations.data(row));
            LOG.infof("translation %s: its run was interrupted (heartbeat %s), now pending", id, row.heartbeatAt);
        }
        return reset;
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
