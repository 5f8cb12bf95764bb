package io.bindery.sites;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** sites-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.sites");
    }

    /**
     * Site, StructureItem, SiteSpaceRow and StructureStore, moved below the features that share them (site, section,
     * sitespace) and still read there directly (issue 30); features take a SiteRecord and change a site through
     * SiteChanges, so Site stays in its package; the reader reads site spaces as SiteSpaceRecords, and SiteSpaceRows
     * makes site spaces' changes; sites and site spaces find sections through SiteStructure; published and the reader
     * read sections and groups as StructureItemRecords (295 -> 1). Left: SiteStructure reads a SiteSpaceRow's section.
     */
    @Override
    protected int storeAndEntityUsesOutsideTheirFeature() {
        return 1;
    }

    /**
     * Queries (EntityManager, Panache finders, JDBC) built outside a store, left when the rule came (issue 30): 24.
     * Each moves into its feature's XStore; lower the number as they do.
     */
    @Override
    protected int queriesOutsideStores() {
        return 24;
    }
}
