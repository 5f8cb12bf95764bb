package io.bindery.content;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** content-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.content");
    }

    /**
     * The domain entity Space (200), used across features until spaces has its store and the others ask its use cases,
     * and branches' Branches on RevisionStore (11; the other features ask revisions' Revisions). Issue 30; Collection,
     * Branch and Revision are their features' now.
     */
    @Override
    protected int storeAndEntityUsesOutsideTheirFeature() {
        return 199;
    }
}
