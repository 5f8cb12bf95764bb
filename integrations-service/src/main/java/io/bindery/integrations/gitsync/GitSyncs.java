package io.bindery.integrations.gitsync;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.outbound.OutboundGuard;
import io.bindery.contracts.integrations.IntegrationsEventTypes;
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
    @Inject
    GitSyncSecrets secrets;
    @Inject
    GitSyncLoop loop;
    @Inject
    com.fasterxml.jackson.databind.ObjectMapper json;
    @Inject
    io.bindery.commons.urls.PublicUrls urls;
    @Inject
    EventPublisher outbox;

    /**
     * Keeps the space synced with the repository (Bindery's extension, {@code PUT git/sync}) and runs the first sync:
     * Git's ref imported when Git has priority, the space exported when Bindery has. Later operations act for
     * {@code userId} (the admin who set it up) through the internal APIs; the credentials are kept sealed; the
     * answer shows the webhook's URL and secret, never the credentials.
     */
    public com.fasterxml.jackson.databind.node.ObjectNode sync(String spaceId, String userId,
                                                               GitSyncRequests.Sync request) {
        GitSyncContent.Access access = content.access(spaceId, userId);
        new GitSyncPolicy(access.role()).require(GitSyncPolicy.Action.MANAGE);
        secrets.requireKey();
        GitSyncRequests.Target target = request.target();
        RemoteRepository remote = remote(target);
        if (remote.isSsh() != (request.sshPrivateKey() != null)) {
            throw ApiException.badRequest(remote.isSsh() ? "an ssh URL needs credentials.sshPrivateKey"
                    : "credentials.sshPrivateKey is for ssh URLs (ssh://git@host/org/repo.git or git@host:org/repo.git)");
        }
        String username = request.username() != null ? request.username() : remote.username();
        String password = request.username() != null ? request.password() : remote.password();
        String webhookSecret = GitSyncSecrets.newWebhookSecret();
        byte[] sealed = secrets.seal(spaceId, new GitSyncSecrets.Secrets(username, password, webhookSecret,
                request.sshPrivateKey(), request.sshHostKeys()));
        String direction = request.priority() == GitSyncRequests.Priority.GIT ? "import" : "export";
        Instant started = GitSyncWorker.now();
        boolean begun = QuarkusTransaction.requiringNew().call(() -> store.sync(spaceId, access.organizationId(),
                remote.url(), target.ref(), target.projectDirectory().isEmpty() ? null : target.projectDirectory(),
                target.treeUrl(), target.commitUrl(), request.priority().name().toLowerCase(java.util.Locale.ROOT),
                userId, sealed, direction, started));
        if (!begun) {
            throw ApiException.conflict("a Git operation is already running on this space; see git/info");
        }
        loop.start(spaceId, started, direction, "{}");
        GitSyncState state = QuarkusTransaction.requiringNew().call(() -> store.find(spaceId)).map(GitSyncState::of)
                .orElseThrow();
        com.fasterxml.jackson.databind.node.ObjectNode out = json.valueToTree(state);
        out.put("webhookUrl", webhookUrl(spaceId));
        out.put("webhookSecret", webhookSecret);
        return out;
    }

    /**
     * Stops the space's continuous sync and forgets its credentials, telling Kafka's consumers in the same
     * transaction (content hides the Space's gitSync); 404 when it is not synced.
     */
    public void unsync(String spaceId, String userId) {
        GitSyncContent.Access access = content.access(spaceId, userId);
        new GitSyncPolicy(access.role()).require(GitSyncPolicy.Action.MANAGE);
        if (!QuarkusTransaction.requiringNew().call(() -> {
            if (!store.unsync(spaceId, GitSyncWorker.now())) {
                return false;
            }
            store.find(spaceId).ifPresent(row -> outbox.publish(IntegrationsEventTypes.GIT_SYNC_STOPPED, spaceId,
                    GitSyncWorker.data(row)));
            return true;
        })) {
            throw ApiException.notFound("space " + spaceId + " is not synced with Git");
        }
    }

    /** Where the repository's host posts push events (the gateway forwards it without a token). */
    String webhookUrl(String spaceId) {
        return urls.app(GitWebhookResource.PATH.replace("{spaceId}", spaceId));
    }

    /** What a webhook did. */
    public enum Hook {
        QUEUED, IGNORED
    }

    /**
     * A push event from the repository's host, verified with the space's webhook secret (GitHub's
     * {@code X-Hub-Signature-256}, Gitea's and Forgejo's {@code X-Gitea-Signature}/{@code X-Forgejo-Signature},
     * GitLab's {@code X-Gitlab-Token}): a push to the synced ref queues an import; any other event or ref is ignored.
     * 404 when the space is not synced, 401 when the signature is missing or wrong.
     */
    public Hook webhook(String spaceId, java.util.function.Function<String, String> header, byte[] body) {
        GitSyncStore.Synced s = QuarkusTransaction.requiringNew().call(() -> store.findSynced(spaceId))
                .orElseThrow(() -> ApiException.notFound("space " + spaceId + " is not synced with Git"));
        String secret = secrets.open(spaceId, s.secrets()).webhookSecret();
        GitWebhooks.verify(header, body, secret);
        if (!GitWebhooks.isPush(header)) {
            return Hook.IGNORED;
        }
        String ref = GitWebhooks.ref(json, body);
        if (!s.ref().equals(ref)) {
            return Hook.IGNORED;
        }
        loop.pushed(spaceId);
        return Hook.QUEUED;
    }

    /** Queues an export of the space's current revision (read with integrations' service token once allowed). */
    public void export(String spaceId, String userId, GitSyncRequests.Export request) {
        GitSyncContent.Access access = content.access(spaceId, userId);
        new GitSyncPolicy(access.role()).require(GitSyncPolicy.Action.MANAGE);
        GitSyncRequests.Target target = request.target();
        RemoteRepository remote = remote(target);
        Instant started = begin(access, remote, target, "export");
        worker.submit(spaceId, started, () -> runs.export(spaceId, userId, remote, target, request.commitMessage()));
    }

    /** Queues an import of the ref into the space, through a change request. */
    public void importing(String spaceId, String userId, GitSyncRequests.Import request) {
        GitSyncContent.Access access = content.access(spaceId, userId);
        new GitSyncPolicy(access.role()).require(GitSyncPolicy.Action.MANAGE);
        GitSyncRequests.Target target = request.target();
        RemoteRepository remote = remote(target);
        Instant started = begin(access, remote, target, "import");
        worker.submit(spaceId, started, () -> runs.importing(spaceId, userId, remote, target));
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
        if (remote.isSsh()) {
            throw ApiException.badRequest("url: an ssh repository needs a key, which only the continuous sync keeps:"
                    + " PUT git/sync with credentials.sshPrivateKey (or use an https URL here)");
        }
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
