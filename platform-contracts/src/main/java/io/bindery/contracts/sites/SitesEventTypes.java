package io.bindery.contracts.sites;

import java.util.Map;

/**
 * The CloudEvent types sites-service publishes on {@value #TOPIC} (documented in its asyncapi.yaml), each keyed by
 * the site id, with the site as {@link SiteData} (its adaptive schema as {@link SiteAdaptiveSchemaData}, a share link as {@link SiteShareLinkData}, a section or
 * group as {@link SiteStructureItemData}, a site space as {@link SiteSpaceData}).
 */
public final class SitesEventTypes {
    public static final String TOPIC = "bindery.sites.events";

    public static final String SITE_CREATED = "bindery.site.created.v1";
    public static final String SITE_UPDATED = "bindery.site.updated.v1";
    public static final String SITE_DELETED = "bindery.site.deleted.v1";
    public static final String SITE_PUBLISHED = "bindery.site.published.v1";
    public static final String SITE_UNPUBLISHED = "bindery.site.unpublished.v1";
    public static final String SITE_ADAPTIVE_SCHEMA_UPDATED = "bindery.site.adaptive-schema.updated.v1";
    public static final String SHARE_LINK_CREATED = "bindery.site.share-link.created.v1";
    public static final String SHARE_LINK_UPDATED = "bindery.site.share-link.updated.v1";
    public static final String SHARE_LINK_DELETED = "bindery.site.share-link.deleted.v1";
    public static final String SITE_CUSTOMIZATION_UPDATED = "bindery.site.customization.updated.v1";
    public static final String SECTION_CREATED = "bindery.site.section.created.v1";
    public static final String SECTION_UPDATED = "bindery.site.section.updated.v1";
    public static final String SECTION_DELETED = "bindery.site.section.deleted.v1";
    public static final String SECTION_GROUP_CREATED = "bindery.site.section-group.created.v1";
    public static final String SECTION_GROUP_UPDATED = "bindery.site.section-group.updated.v1";
    public static final String SECTION_GROUP_DELETED = "bindery.site.section-group.deleted.v1";
    public static final String SITE_SPACE_CREATED = "bindery.site.site-space.created.v1";
    public static final String SITE_SPACE_UPDATED = "bindery.site.site-space.updated.v1";
    public static final String SITE_SPACE_DELETED = "bindery.site.site-space.deleted.v1";

    /** Each type's data record. */
    public static final Map<String, Class<?>> PAYLOADS = Map.ofEntries(
            Map.entry(SITE_CREATED, SiteData.class), Map.entry(SITE_UPDATED, SiteData.class),
            Map.entry(SITE_DELETED, SiteData.class), Map.entry(SITE_PUBLISHED, SiteData.class),
            Map.entry(SITE_UNPUBLISHED, SiteData.class), Map.entry(SITE_ADAPTIVE_SCHEMA_UPDATED, SiteAdaptiveSchemaData.class),
            Map.entry(SHARE_LINK_CREATED, SiteShareLinkData.class), Map.entry(SHARE_LINK_UPDATED, SiteShareLinkData.class),
            Map.entry(SHARE_LINK_DELETED, SiteShareLinkData.class),
            Map.entry(SITE_CUSTOMIZATION_UPDATED, SiteCustomizationData.class), Map.entry(SECTION_CREATED, SiteStructureItemData.class), Map.entry(SECTION_UPDATED, SiteStructureItemData.class),
            Map.entry(SECTION_DELETED, SiteStructureItemData.class), Map.entry(SECTION_GROUP_CREATED, SiteStructureItemData.class),
            Map.entry(SECTION_GROUP_UPDATED, SiteStructureItemData.class), Map.entry(SECTION_GROUP_DELETED, SiteStructureItemData.class),
            Map.entry(SITE_SPACE_CREATED, SiteSpaceData.class), Map.entry(SITE_SPACE_UPDATED, SiteSpaceData.class),
            Map.entry(SITE_SPACE_DELETED, SiteSpaceData.class));

    private SitesEventTypes() {
    }
}
