package io.bindery.sites.site;

import java.time.Instant;

/**
 * A site as the features that only read it see it: the row's values as they were loaded, never the entity, so that
 * only the features that change a site (sites, adaptive, customization, visitor auth) hold the entity. Made by
 * {@link SiteLookup} from the entity its one query loaded: no query of its own. A value, so the reader may keep it
 * across requests where it kept a detached entity before.
 */
public record SiteRecord(String id, String organizationId, SiteType type, String title, SiteVisibility visibility,
                         boolean published, String basename, String hostname, String proxy, boolean adaptiveContent,
                         AgentsContext agentsContext, String adaptiveSchema, Instant adaptiveSchemaUpdatedAt,
                         String customization, String visitorKey, Instant createdAt, Instant updatedAt) {

    /** The site's values as they are now: a change made to the entity afterwards is not seen, so take it after one. */
    public static SiteRecord of(Site s) {
        return new SiteRecord(s.id, s.organizationId, s.type, s.title, s.visibility, s.published, s.basename, s.hostname,
                s.proxy, s.adaptiveContent, s.agentsContext, s.adaptiveSchema, s.adaptiveSchemaUpdatedAt, s.customization,
                s.visitorKey, s.createdAt, s.updatedAt);
    }
}
