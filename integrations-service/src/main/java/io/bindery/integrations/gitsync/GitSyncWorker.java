package io.bindery.integrations.gitsync;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.schedule.PeriodicJobs;
import io.bindery.contracts.integrations.GitSyncData;
import io.bindery.contracts.integrations.IntegrationsEventTypes;
import io.bindery.integrations.config.IntegrationsConfig;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

/**
 * Runs queued Git operations on a small pool, one at a time per space (the store refuses a second while one runs),
 * and records how each ended. An operation holds the credentials of its URL in memory only,
 * so one that a restart interrupted cannot go on: at start-up, running operations are ended as failures; a sweep
 * gives up operations running longer than {@code bindery.git-sync.operation-timeout} as {@code timeout}.
 */
@ApplicationScoped
public class GitSyncWorker {
    private static final Logger LOG = Logger.getLogger(GitSyncWorker.class);

    @Inject
    GitSyncStore store;
    @Inject
    IntegrationsConfig config;
    @Inject
    io.bindery.integrations.events.IntegrationEvents events;
    @Inject
    EventPublisher outbox;

    private ExecutorService pool;

    void start(@Observes StartupEvent event) {
        pool = Executors.newFixedThreadPool(config.gitSync().workers(), Thread.ofPlatform().name("git-sync-", 0).daemon()
                .factory());
        int ended = QuarkusTransaction.requiringNew().call(() -> endRunning(now().plusSeconds(1), "failure",
                "interrupted by a restart of the service; start it again"));
        if (ended > 0) {
            LOG.infof("git sync: %d operation(s) interrupted by the restart ended as failures", ended);
        }
    }

    @PreDestroy
    void stop() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }

    /** Runs {@code work} for the operation that started at {@code startedAt}, then records its end. */
    void submit(String spaceId, Instant startedAt, Supplier<GitSyncRuns.Outcome> work) {
        submit(spaceId, startedAt, work, () -> { });
    }

    /** {@link #submit}, then {@code after} (a synced space's next pending operation) once the end is recorded. */
    void submit(String spaceId, Instant startedAt, Supplier<GitSyncRuns.Outcome> work, Runnable after) {
        try {
            pool.execute(() -> {
                run(spaceId, startedAt, work);
                try {
                    after.run();
                } catch (RuntimeException e) {
                    LOG.warnf(e, "git sync of space %s: the next operation did not start", spaceId);
                }
            });
        } catch (RejectedExecutionException e) {
            QuarkusTransaction.requiringNew().run(() -> store.finish(spaceId, startedAt, "failure",
                    "the service is stopping; start the operation again", null, null, now()));
            throw ApiException.unavailable("the service is stopping; try again");
        }
    }

    /**
     * GitBook's {@code space_gitsync_started} / {@code space_gitsync_completed} for the installations covering the
     * space (with {@code space:content:read}); one per operation, keyed by its start.
     */
    private void event(String spaceId, Instant startedAt, String type, String state, String commit, String revision) {
        try {
            QuarkusTransaction.requiringNew().run(() -> store.find(spaceId).ifPresent(row -> {
                com.fasterxml.jackson.databind.node.ObjectNode fields =
                        com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
                if (state != null) {
                    fields.put("state", state);
                }
                String c = commit != null ? commit : row.lastCommit();
                String r = revision != null ? revision : row.lastRevision();
                if (c != null) {
                    fields.put("commitId", c);
                }
                if (r != null) {
                    fields.put("revisionId", r);
                }
                events.recordPlatformEvent("git-sync:" + spaceId + ":" + startedAt.toEpochMilli() + ":" + type,
                        row.organizationId(), io.bindery.integrations.targets.TargetKind.SPACE, spaceId,
                        "space:content:read", type, fields);
                if (state == null) {
                    // the CloudEvent of the start (the end's goes out with the write that records it)
                    outbox.publish(IntegrationsEventTypes.GIT_SYNC_STARTED, spaceId, data(row));
                }
            }));
        } catch (RuntimeException e) {
            LOG.warnf(e, "git sync of space %s: %s not recorded", spaceId, type);
        }
    }

    private void run(String spaceId, Instant startedAt, Supplier<GitSyncRuns.Outcome> work) {
        event(spaceId, startedAt, "space_gitsync_started", null, null, null);
        String state = "success";
        String error = null;
        GitSyncRuns.Outcome outcome = null;
        try {
            outcome = work.get();
            if (outcome.error() != null) {
                state = "failure";
                error = outcome.error();
            }
        } catch (GitRepositories.GitFailure | GitBookLayout.LayoutException | ApiException e) {
            state = "failure";
            error = e.getMessage();
        } catch (RuntimeException e) {
            LOG.errorf(e, "git sync of space %s failed", spaceId);
            state = "failure";
            error = "internal error: " + e.getClass().getSimpleName();
        }
        String s = state;
        String err = error;
        GitSyncRuns.Outcome o = outcome;
        boolean recorded = QuarkusTransaction.requiringNew().call(() -> {
            boolean ended = store.finish(spaceId, startedAt, s, err, o == null ? null : o.errorAction(),
                    o == null ? null : o.commit(), o == null ? null : o.revision(), now());
            if (ended) {
                store.find(spaceId).ifPresent(row -> outbox.publish(IntegrationsEventTypes.GIT_SYNC_COMPLETED, spaceId,
                        data(row)));
            }
            return ended;
        });
        if (!recorded) {
            LOG.warnf("git sync of space %s ended (%s) after it was given up", spaceId, state);
        }
        event(spaceId, startedAt, "space_gitsync_completed", s, o == null ? null : o.commit(),
                o == null ? null : o.revision());
    }

    /** The space's sync as Kafka's consumers see it: never credentials, nor a file or ssh URL. */
    static GitSyncData data(GitSyncStore.Row row) {
        return new GitSyncData(row.spaceId(), row.organizationId(), row.ref(), row.synced(), row.direction(), row.state(),
                row.startedAt(), row.endedAt(), row.lastCommit(), row.lastRevision(), row.error(), row.errorAction(),
                GitSyncState.repoName(row.url()), GitSyncState.publicUrl(row), row.projectDirectory(),
                GitSyncState.provider(row.url()), GitSyncState.installationStatus(row), row.updatedAt(),
                GitSyncState.fileUrl(row));
    }

    void scheduleSweep(@Observes StartupEvent event, PeriodicJobs jobs) {
        jobs.every("git sync timeout sweep", Duration.ofSeconds(30), Duration.ofSeconds(30), this::sweep);
    }

    void sweep() {
        QuarkusTransaction.requiringNew().run(() -> endRunning(now().minus(config.gitSync().operationTimeout()),
                "timeout", "the operation took longer than " + config.gitSync().operationTimeout()));
    }

    /**
     * Ends the operations running since before {@code before} as {@code state}, each with its completed CloudEvent
     * in the same transaction (a consumer would otherwise see them running for ever); how many ended.
     */
    int endRunning(Instant before, String state, String error) {
        java.util.List<String> spaces = store.endRunning(before, state, error, now());
        spaces.forEach(spaceId -> store.find(spaceId).ifPresent(row ->
                outbox.publish(IntegrationsEventTypes.GIT_SYNC_COMPLETED, spaceId, data(row))));
        return spaces.size();
    }

    static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}
