package io.bindery.sites.site;

import io.bindery.commons.errors.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import java.util.Optional;

/**
 * A site by id as every feature finds it: only in its own organization (another organization's site is a 404, as an
 * unknown one), locked for the transaction when the caller changes it or what hangs off it.
 */
@ApplicationScoped
public class SiteLookup {
    @Inject
    EntityManager em;

    /** The site of this organization (locked for the transaction when {@code forUpdate}); 404 otherwise. */
    public Site require(String orgId, String siteId, boolean forUpdate) {
        return find(orgId, siteId, forUpdate).orElseThrow(() -> ApiException.notFound("no site " + siteId));
    }

    /** The site of this organization, if any (locked for the transaction when {@code forUpdate}). */
    public Optional<Site> find(String orgId, String siteId, boolean forUpdate) {
        Site s = forUpdate ? em.find(Site.class, siteId, LockModeType.PESSIMISTIC_WRITE) : em.find(Site.class, siteId);
        return Optional.ofNullable(s).filter(site -> site.organizationId.equals(orgId));
    }

    /** The oldest published site with this hostname. */
    public Optional<Site> publishedByHostname(String hostname) {
        return Site.<Site>find("hostname = ?1 and published = true order by createdAt, id", hostname).firstResultOptional();
    }

    /** The site with this id (published or not), else the oldest published site with this basename. */
    public Optional<Site> byIdOrPublishedBasename(String key) {
        Site byId = em.find(Site.class, key);
        if (byId != null) {
            return Optional.of(byId);
        }
        return Site.<Site>find("basename = ?1 and published = true order by createdAt, id", key).firstResultOptional();
    }

    /** The site whatever its organization, locked for the transaction; null when there is none. */
    public Site lockAnyOrganization(String siteId) {
        return em.find(Site.class, siteId, LockModeType.PESSIMISTIC_WRITE);
    }
}
