/**
 * A site as every feature sees it, below the features: the {@link io.bindery.sites.site.Site} entity and its enums,
 * {@link io.bindery.sites.site.SiteLookup} (a site by id in its organization, 404 for another one), its API and
 * event shapes ({@link io.bindery.sites.site.SiteViews}). Features that only read a site get a
 * {@link io.bindery.sites.site.SiteRecord}; only those that change one hold the entity. The site endpoints and their
 * use cases are {@code sites}.
 */
package io.bindery.sites.site;
