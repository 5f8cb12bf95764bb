package io.bindery.sites.sharelinks;

import jakarta.enterprise.context.ApplicationScoped;

/** The queries of table share_link ({@link ShareLink}) that {@link ShareLinks} asks, in the caller's transaction. */
@ApplicationScoped
class ShareLinkStore {

    /** Whether the site has an active link with this key. */
    boolean activeKey(String siteId, String key) {
        return ShareLink.count("siteId = ?1 and key = ?2 and active = true", siteId, key) > 0;
    }
}
