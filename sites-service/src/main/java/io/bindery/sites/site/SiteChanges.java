package io.bindery.sites.site;

import io.bindery.commons.ids.Ids;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;

/**
 * Every change of a site's row: made, its settings, published or not, deleted (the {@code sites} feature), its
 * adaptive schema, its customization, its visitor key (the other features), so that the features hold a
 * {@link SiteRecord} and never the entity. Each change takes a site its caller has locked in this transaction
 * ({@link SiteLookup#requireRecord} with {@code forUpdate}): the entity is then already in the persistence context,
 * so finding it again issues no query, and the change is written at the commit.
 */
@ApplicationScoped
public class SiteChanges {
    @Inject
    SiteLookup sites;
    @Inject
    SiteStore store;

    /** A new site of the organization: agents may read it, and it has a visitor key of its own. */
    public SiteRecord create(String orgId, SiteType type, String title, SiteVisibility visibility, Instant at) {
        Site s = new Site();
        s.id = Ids.newId();
        s.organizationId = orgId;
        s.type = type;
        s.title = title;
        s.visibility = visibility;
        s.agentsContext = AgentsContext.INCLUDED;
        s.visitorKey = VisitorKeys.newKey();
        s.createdAt = at;
        s.updatedAt = at;
        store.insert(s);
        return SiteRecord.of(s);
    }

    /**
     * Applies the settings given; {@code at}, when not null, is the site's update time. The caller has checked that
     * a new hostname serves no other site ({@link SiteLookup#hostnameTaken}).
     */
    public SiteRecord settings(SiteRecord site, SiteSettings in, Instant at) {
        Site s = locked(site);
        in.title().ifPresent(t -> s.title = t);
        in.visibility().ifPresent(v -> s.visibility = v);
        in.basename().ifPresent(b -> s.basename = b);
        in.adaptiveContent().ifPresent(a -> s.adaptiveContent = a);
        in.agentsContext().ifPresent(a -> s.agentsContext = a);
        in.proxy().ifPresent(p -> s.proxy = p.orElse(null));
        in.hostname().ifPresent(h -> s.hostname = h.orElse(null));
        if (at != null) {
            s.updatedAt = at;
        }
        return SiteRecord.of(s);
    }

    /** Publishes or unpublishes the site, changed at {@code at}. */
    public SiteRecord published(SiteRecord site, boolean published, Instant at) {
        Site s = locked(site);
        s.published = published;
        s.updatedAt = at;
        return SiteRecord.of(s);
    }

    /** Deletes the site (the database deletes what hangs off it). */
    public void delete(SiteRecord site) {
        store.delete(locked(site));
    }

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

    /**
     * Writes the changes made so far now rather than at the commit, for a caller that needs them in the database
     * before what it does next.
     */
    public void flush() {
        store.flush();
    }

    private Site locked(SiteRecord site) {
        return sites.require(site.organizationId(), site.id(), true);
    }
}
