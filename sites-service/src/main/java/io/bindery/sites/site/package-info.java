/**
 * A site as every feature sees it, below the features: the {@link io.bindery.sites.site.Site} entity and its enums,
 * {@link io.bindery.sites.site.SiteLookup} (a site by id in its organization, 404 for another one), its API and
 * event shapes ({@link io.bindery.sites.site.SiteViews}). Features that only read a site get a
 * {@link io.bindery.sites.site.SiteRecord}; the changes other features make to a site (adaptive schema,
 * customization, visitor key) are {@link io.bindery.sites.site.SiteChanges}. The site endpoints and their use cases,
 * which still hold the entity, are {@code sites}.
 */
package io.bindery.sites.site;
