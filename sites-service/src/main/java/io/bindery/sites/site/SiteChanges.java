package io.bindery.sites.site;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;

/**
 * The changes that features other than {@code sites} make to a site's row (its adaptive schema, its customization,
 * its visitor key), so that they hold a {@link SiteRecord} and never the entity. Each takes a site its caller has
 * locked in this transaction ({@link SiteLookup#requireRecord} with {@code forUpdate}): the entity is then already in
 * the persistence context, so finding it again issues no query, and the change is written at the commit.
 */
@ApplicationScoped
public class SiteChanges {
    @Inject
    SiteLookup sites;

    /** Replaces the adaptive schema (JSON text); the site's and the schema's update time are {@code at}. */
    public SiteRecord adaptiveSchema(SiteRecord site, String schema, Instant at) {
        Site s = locked(site);
        s.adaptiveSchema = schema;
        s.updatedAt = at;
        s.adaptiveSchemaUpdatedAt = at;
        return SiteRecord.of(s);
    }

    /** Replaces the customization (JSON text, as PUT). */
    public SiteRecord customization(SiteRecord site, String customization) {
        Site s = locked(site);
        s.customization = customization;
        return SiteRecord.of(s);
    }

    /** The site's visitor key, made now for a site that predates keys. */
    public String visitorKey(SiteRecord site) {
        Site s = locked(site);
        if (s.visitorKey == null) {
            s.visitorKey = VisitorKeys.newKey();
        }
        return s.visitorKey;
    }

    /** A new visitor key: tokens signed with the old one stop working at once. */
    public String newVisitorKey(SiteRecord site) {
        Site s = locked(site);
        s.visitorKey = VisitorKeys.newKey();
        return s.visitorKey;
    }

    private Site locked(SiteRecord site) {
        return sites.require(site.organizationId(), site.id(), true);
    }
}
