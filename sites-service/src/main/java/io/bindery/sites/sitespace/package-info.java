/**
 * The spaces a site publishes, below the features that use them (sites, structure, published, the reader, content's
 * events): the {@link io.bindery.sites.sitespace.SiteSpaceRow} entity, the changes other features make to the rows
 * ({@link io.bindery.sites.sitespace.SiteSpaceRows}), the stored spaces and their views. The site-space endpoints
 * and their use cases are {@code sitespaces}.
 */
package io.bindery.sites.sitespace;
