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
     * Queries (EntityManager, Panache finders, JDBC) built outside a store (issue 30): 24 when the rule came; site
     * spaces (SiteSpaceStore, SpaceSourceStore), share links and sites' hostnames have their stores now (24 -> 7); site, share_link and site_space in their stores (7 -> 2).
     * Each moves into its feature's store; lower the number as they do.
     */
    @Override
    protected int queriesOutsideStores() {
        return 2;
    }

    /**
     * EntityManager and Panache entity calls (find, persist, flush, lock) outside a store, left when the rule came
     * (issue 30): 20 when the rule came; site, share_link and site_space in their stores (20 -> 7). Each moves into its feature's store; lower the number as they do.
     */
    @Override
    protected int entityCallsOutsideStores() {
        return 7;
    }
}
