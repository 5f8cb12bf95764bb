package io.bindery.sites;

import io.bindery.commons.testing.ServiceArchitectureTest;

/**
 * sites-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules),
 * stores and entities used only in their feature included: other features read sites, site spaces and sections as
 * SiteRecords, SiteSpaceRecords and StructureItemRecords, and change them through the owner's use cases (issue 30).
 */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.sites");
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
