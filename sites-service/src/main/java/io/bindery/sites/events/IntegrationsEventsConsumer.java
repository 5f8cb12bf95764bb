package io.bindery.sites.events;

import io.bindery.commons.events.Delivery;
import io.bindery.commons.events.TopicConsumer;
import io.bindery.contracts.integrations.GitSyncData;
import io.bindery.contracts.integrations.IntegrationsEventTypes;
import io.bindery.sites.config.SitesConfig;
import io.bindery.sites.sitespace.SpaceGitLinks;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.List;

/**
 * Follows integrations' Git Sync events (bindery.integrations.events, keyed by the space, so one space's events arrive
 * in order): while a space is continuously synced its published pages link to their files in the repository
 * ({@code fileUrl}); a stop, or a one-off operation, removes the link. Each event carries the sync's version
 * ({@code updatedAt}); the newest wins, so a redelivered or late event changes nothing.
 */
@ApplicationScoped
public class IntegrationsEventsConsumer extends TopicConsumer {
    @Inject
    SitesConfig config;
    @Inject
    SpaceGitLinks links;

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
                IntegrationsEventTypes.GIT_SYNC_STOPPED), GitSyncData.class, this::gitSync);
        // integrations' other events change nothing a site shows
    }

    private void gitSync(Delivery<GitSyncData> event) {
        GitSyncData s = event.data();
        Instant version = GitSyncData.orderOf(s);
        if (s.space() == null || version == null) {
            throw new IllegalArgumentException("a git-sync event without space or updatedAt");
        }
        links.apply(s.space(), s.synced(), s.fileUrl(), version);
    }
}
