package io.bindery.sites.site;

import jakarta.enterprise.context.ApplicationScoped;

/** The queries of table site ({@link Site}) that {@link SiteLookup} asks, in the caller's transaction. */
@ApplicationScoped
class SiteStore {

    /** Whether a site other than {@code exceptId} has this hostname. */
    boolean hostnameTaken(String hostname, String exceptId) {
        return Site.count("hostname = ?1 and id <> ?2", hostname, exceptId) > 0;
    }
}
