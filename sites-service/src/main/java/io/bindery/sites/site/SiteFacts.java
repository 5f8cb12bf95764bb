package io.bindery.sites.site;

/**
 * What the reader's pages for agents need of a site, read here so that the reader does not reach into the entity:
 * its organization and title, whether agents may read it (agentsContext), and whether it is public, whether what it shows is personal (a
 * share-link or visitor-auth site: no shared cache may keep it).
 */
public record SiteFacts(String organizationId, String title, boolean agentsExcluded, boolean isPublic, boolean restricted) {

    public static SiteFacts of(SiteRecord site) {
        return new SiteFacts(site.organizationId(), site.title(), site.agentsContext() == AgentsContext.EXCLUDED,
                site.visibility() == SiteVisibility.PUBLIC,
                site.visibility() == SiteVisibility.SHARE_LINK || site.visibility() == SiteVisibility.VISITOR_AUTH);
    }
}
