package io.bindery.sites.sitespace;

import io.bindery.sites.site.SiteRecord;

import java.util.Map;

/**
 * The paths of a site's sections, which a site space's published address starts with. Declared here and answered
 * by the structure feature's store: structure changes site spaces (it sits above this package), so site spaces ask
 * through this interface rather than importing structure back, which would make the two packages a cycle.
 */
public interface SectionPaths {
    /** The paths of the site's sections, by section id. */
    Map<String, String> paths(SiteRecord site);
}
