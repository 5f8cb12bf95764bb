package io.bindery.sites.sitespace;

import java.time.Instant;

/**
 * A site space as the features that only read it see it (the reader): the row's values as they were loaded, never
 * the entity, so that only the site-space features change it. A value, so the reader may keep it across requests.
 */
public record SiteSpaceRecord(String id, String siteId, String sectionId, String spaceId, String path, String title,
                              String condition, boolean isDefault, boolean hidden, boolean draft, String pageId,
                              Instant updatedAt) {

    static SiteSpaceRecord of(SiteSpaceRow r) {
        return new SiteSpaceRecord(r.id, r.siteId, r.sectionId, r.spaceId, r.path, r.title, r.condition, r.isDefault,
                r.hidden, r.draft, r.pageId, r.updatedAt);
    }
}
