/**
 * A site's sections and section groups below the features that use them: the {@link
 * io.bindery.sites.section.StructureItem} entity and {@link io.bindery.sites.section.StructureStore}, the only class
 * that queries its table. The section and group endpoints and their use cases are {@code structure}.
 */
package io.bindery.sites.section;
