package io.bindery.integrations.gitsync;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.schedule.PeriodicJobs;
import io.bindery.integrations.config.IntegrationsConfig;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.jgit.lib.ObjectId;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * What keeps synced spaces in step: the pending operations of a space (asked for by a webhook, the poll or a
 * merged change request) are started one at a time, each one's end starting the next; the poll compares every
 * synced ref's head with the last synced commit. Idle, the poll is one query on a partial index.
 */
@ApplicationScoped
public class GitSyncLoop {
    private static final Logger LOG = Logger.getLogger(GitSyncLoop.class);

    @Inject
    GitSyncStore store;
    @Inject
    GitSyncWorker worker;
    @Inject
    GitSyncRuns runs;
    @Inject
    GitSyncSecrets secrets;
    @Inject
    IntegrationsConfig config;
    @Inject
    ObjectMapper json;

    /** Starts the space's pending operation, if there is one and nothing runs. */
    public void kick(String spaceId) {
        Optional<GitSyncStore.Claimed> claimed = QuarkusTransaction.requiringNew()
                .call(() -> store.claim(spaceId, GitSyncWorker.now()));
        if (claimed.isEmpty()) {
            return;
        }
        GitSyncStore.Claimed c = claimed.get();
        start(spaceId, c.startedAt(), c.direction(), c.changeRequest(), c.atCurrent());
    }

    /** Runs the operation just recorded as running ({@code changeRequest}: an export's JSON, "{}" for none). */
    void start(String spaceId, java.time.Instant startedAt, String direction, String changeRequest) {
        start(spaceId, startedAt, direction, changeRequest, true);
    }

    /** {@link #start}; {@code atCurrent}: an export of the space as it is, not of its change request's merge. */
    void start(String spaceId, java.time.Instant startedAt, String direction, String changeRequest, boolean atCurrent) {
        try {
            worker.submit(spaceId, startedAt, () -> {
                GitSyncStore.Synced s = QuarkusTransaction.requiringNew().call(() -> store.findSynced(spaceId))
                        .orElseThrow(() -> new GitRepositories.GitFailure("the sync was stopped"));
                GitSyncSecrets.Secrets open = secrets.open(spaceId, s.secrets());
                return "import".equals(direction) ? runs.syncImport(s, open)
                        : runs.syncExport(s, open, merged(changeRequest), atCurrent);
            }, () -> kick(spaceId));
        } catch (ApiException e) {
            LOG.warnf("git sync of space %s not started: %s", spaceId, e.getMessage());
        }
    }

    private GitSyncRuns.Merged merged(String changeRequest) {
        if (changeRequest == null || changeRequest.equals("{}")) {
            return null;
        }
        try {
            return json.readValue(changeRequest, GitSyncRuns.Merged.class);
        } catch (IOException e) {
            throw new IllegalStateException("a pending change request that is not JSON", e);
        }
    }

    /** A new commit on the ref (a webhook said so): an import is queued. False when the space is not synced. */
    public boolean pushed(String spaceId) {
        boolean synced = QuarkusTransaction.requiringNew().call(() -> store.requestImport(spaceId));
        if (synced) {
            kick(spaceId);
        }
        return synced;
    }

    /**
     * A change request merged in a space (review's event; a redelivered one is queued once). Of a synced space, it is
     * queued for its own commit, behind those merged before it; the merge of an import's change request left open
     * lets exports go on, those waiting going out as the space is (their revisions lack Git's side).
     */
    public void merged(String spaceId, GitSyncRuns.Merged cr) {
        boolean queued = QuarkusTransaction.requiringNew().call(() -> {
            Optional<GitSyncStore.Synced> s = store.findSynced(spaceId);
            if (s.isEmpty()) {
                return false;
            }
            if (cr.id().equals(s.get().openCr())) {
                store.changeRequests(spaceId, null, null);
                store.exportsAtCurrent(spaceId);
            }
            return store.queueExport(spaceId, cr.id(), json.writeValueAsString(cr), GitSyncWorker.now());
        });
        if (queued) {
            kick(spaceId);
        }
    }

    /** Catches what webhooks missed: a synced ref whose head is not the last synced commit is imported. */
    void schedule(@Observes StartupEvent event, PeriodicJobs jobs) {
        jobs.every("git sync poll", config.gitSync().pollInterval(), config.gitSync().pollInterval(), this::poll);
    }

    void poll() {
        List<GitSyncStore.Synced> all = QuarkusTransaction.requiringNew().call(() -> store.allSynced());
        for (GitSyncStore.Synced s : all) {
            if ("running".equals(s.state())) {
                continue;
            }
            try {
                GitSyncSecrets.Secrets open = secrets.open(s.spaceId(), s.secrets());
                ObjectId head = GitRepositories.head(open.remote(s.url()),
                        s.ref(), config.gitSync().transportTimeoutSeconds());
                if (head != null && !head.name().equals(s.lastCommit())) {
                    QuarkusTransaction.requiringNew().run(() -> store.requestImport(s.spaceId()));
                }
                kick(s.spaceId());
            } catch (GitRepositories.GitFailure | ApiException e) {
                LOG.debugf("git sync poll of space %s: %s", s.spaceId(), e.getMessage());
            }
        }
    }
}
