package io.bindery.content.domain;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/**
 * The parts of a space that other services' events keep (each by its consumer's versioned UPDATE), mapped
 * read-only so that a request saving the space never writes a stale copy back. Hibernate loads it as null when all
 * its columns are.
 */
@Embeddable
public class SpaceProjections {
    /** Where a site publishes the space (urls.published); kept by SitesEventsConsumer. */
    @Column(name = "published_url", insertable = false, updatable = false)
    public String publishedUrl;
    /** The Space's gitSync (GitBook's GitSyncState) as JSON text while it is synced; kept by IntegrationsEventsConsumer. */
    @Column(name = "git_sync", insertable = false, updatable = false)
    public String gitSync;
}
