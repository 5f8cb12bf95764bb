package io.bindery.sites;

import io.bindery.commons.testing.ServiceArchitectureTest;

/**
 * sites-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules),
 * stores and entities used only in their feature included: other features read sites, site spaces and sections as
 * SiteRecords, SiteSpaceRecords and StructureItemRecords, and change them through the owner's use cases; each
 * feature's SQL, Panache and EntityManager calls are in its store (issue 30).
 */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.sites");
    }
}
