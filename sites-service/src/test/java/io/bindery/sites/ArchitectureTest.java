package io.bindery.sites;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** sites-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.sites");
    }

    /**
     * Site, StructureItem, SiteSpaceRow and StructureStore, moved below the features that share them (site, section,
     * sitespace) and still read there directly (issue 30); features that only read a site take a SiteRecord, and
     * SiteChanges makes the other features' changes to a site (295 -> 130). Left: sites' own writes of Site, the
     * reader's and site spaces' reads of StructureItem and SiteSpaceRow.
     */
    @Override
    protected int storeAndEntityUsesOutsideTheirFeature() {
        return 130;
    }
}
