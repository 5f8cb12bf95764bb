package io.bindery.content;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** content-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.content");
    }

    /** Mostly the domain entities Space and Revision and RevisionStore, used across features until each has its store and the others ask its use cases (issue 30; Collection and Branch are their features' now). */
    @Override
    protected int storeAndEntityUsesOutsideTheirFeature() {
        return 256;
    }
}
