package io.bindery.content.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.events.TopicConsumer;
import io.bindery.content.config.ContentConfig;
import io.bindery.contracts.integrations.GitSyncData;
import io.bindery.contracts.integrations.IntegrationsEventTypes;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.bindery.content.spaces.SpaceProjections;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.List;

/**
 * Keeps the Space resource's {@code gitSync} from integrations-service's Git Sync events (bindery.integrations.events,
 * keyed by the space, so one space's events arrive in order): GitBook's GitSyncState while the space is continuously
 * synced, nothing once the sync is stopped or for a one-off import or export. Each event carries the sync's version
 * ({@code updatedAt}); the space keeps the newest, so a redelivered or late older event changes nothing. Unknown
 * spaces are skipped. No bindery.space.updated.v1 is published for it (as for review's counters).
 */
@ApplicationScoped
public class IntegrationsEventsConsumer extends TopicConsumer {
    private static final Logger LOG = Logger.getLogger(IntegrationsEventsConsumer.class);

    @Inject
    SpaceProjections spaces;
    @Inject
    ContentConfig config;

    @Override
    protected String topic() {
        return IntegrationsEventTypes.TOPIC;
    }

    @Override
    protected boolean enabled() {
        return config.consumers().integrationsEvents().enabled();
    }

    @Override
    protected void handlers() {
        on(List.of(IntegrationsEventTypes.GIT_SYNC_STARTED, IntegrationsEventTypes.GIT_SYNC_COMPLETED,
                IntegrationsEventTypes.GIT_SYNC_STOPPED), GitSyncData.class, event -> gitSync(event.data()));
        // integrations' other events change no space
    }

    private void gitSync(GitSyncData s) {
        Instant version = GitSyncData.orderOf(s);
        if (s.space() == null || version == null) {
            throw new IllegalArgumentException("a git-sync event without space or updatedAt");
        }
        boolean applied = spaces.gitSync(s.space(), s.synced() ? view(s, version) : null, version);
        LOG.debugf("git sync of space %s at %s: %s", s.space(), version, applied ? "applied" : "ignored");
    }

    /**
     * GitBook's GitSyncState: Bindery's sync of a space is its own installation, named by the space's id (as
     * integrations' git/info names it); the provider only for GitHub and GitLab; {@code url} where readers may see
     * the repository (absent when there is no public address). {@code ref} and {@code projectDirectory} are
     * Bindery's additions (which branch and folder of the repository the space is).
     */
    private String view(GitSyncData s, Instant version) {
        ObjectNode v = json.createObjectNode();
        v.put("installationId", s.space());
        if (s.provider() != null) {
            v.put("installationProvider", s.provider());
        }
        v.put("installationStatus", s.installationStatus() != null ? s.installationStatus() : "pending");
        if (s.repoName() != null) {
            v.put("repoName", s.repoName());
        }
        if (s.url() != null) {
            v.put("url", s.url());
        }
        v.put("updatedAt", version.toString());
        if (s.ref() != null) {
            v.put("ref", s.ref());
        }
        if (s.projectDirectory() != null && !s.projectDirectory().isEmpty()) {
            v.put("projectDirectory", s.projectDirectory().replaceAll("/+$", ""));
        }
        return v.toString();
    }
}
