package io.bindery.integrations.gitsync;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.outbound.OutboundGuard;
import io.bindery.integrations.config.IntegrationsConfig;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;

/**
 * Git Sync's use cases: queue an export or an import (checked here, run by {@link GitSyncWorker}), read the state.
 * Not transactional as a whole: content is asked first, with no transaction open, then the operation is recorded.
 */
@ApplicationScoped
public class GitSyncs {
    @Inject
    GitSyncContent content;
    @Inject
    GitSyncStore store;
    @Inject
    GitSyncWorker worker;
    @Inject
    GitSyncRuns runs;
    @Inject
    IntegrationsConfig config;
    @Inject
    OutboundGuard guard;

    /** Queues an export of the space's current revision; {@code token} is the caller's, used while it runs. */
    public void export(String spaceId, String userId, String token, GitSyncRequests.Export request) {
        GitSyncContent.Access access = content.access(spaceId, userId);
        new GitSyncPolicy(access.role()).require(GitSyncPolicy.Action.MANAGE);
        GitSyncRequests.Target target = request.target();
        RemoteRepository remote = remote(target);
        Instant started = begin(access, remote, target, "export");
        worker.submit(spaceId, started, () -> runs.export(spaceId, userId, token, remote, target, request.commitMessage()));
    }

    /** Queues an import of the ref into the space, through a change request. */
    public void importing(String spaceId, String userId, String token, GitSyncRequests.Import request) {
        GitSyncContent.Access access = content.access(spaceId, userId);
        new GitSyncPolicy(access.role()).require(GitSyncPolicy.Action.MANAGE);
        GitSyncRequests.Target target = request.target();
        RemoteRepository remote = remote(target);
        Instant started = begin(access, remote, target, "import");
        worker.submit(spaceId, started, () -> runs.importing(spaceId, userId, token, remote, target));
    }

    /** The space's Git state; 404 when it was never synced. */
    public GitSyncState info(String spaceId, String userId) {
        GitSyncContent.Access access = content.access(spaceId, userId);
        new GitSyncPolicy(access.role()).require(GitSyncPolicy.Action.VIEW);
        return QuarkusTransaction.requiringNew().call(() -> store.find(spaceId)).map(GitSyncState::of)
                .orElseThrow(() -> ApiException.notFound("space " + spaceId + " has no Git Sync set up"));
    }

    RemoteRepository remote(GitSyncRequests.Target target) {
        return RemoteRepository.parse(target.url(), config.gitSync().allowFileUrls(), guard.policy());
    }

    Instant begin(GitSyncContent.Access access, RemoteRepository remote, GitSyncRequests.Target target, String direction) {
        Instant started = GitSyncWorker.now();
        boolean begun = QuarkusTransaction.requiringNew().call(() -> store.start(access.spaceId(), access.organizationId(),
                remote.url(), target.ref(), target.projectDirectory().isEmpty() ? null : target.projectDirectory(),
                target.treeUrl(), target.commitUrl(), direction, started));
        if (!begun) {
            throw ApiException.conflict("a Git operation is already running on this space; see git/info");
        }
        return started;
    }
}
