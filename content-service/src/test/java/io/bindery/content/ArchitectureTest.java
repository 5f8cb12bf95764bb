package io.bindery.content;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** content-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.content");
    }

    /** Mostly the domain entities Space, Collection, Branch, Revision and RevisionStore, used across features until each has its store and the others ask its use cases (issue 30). */
    @Override
    protected int storeAndEntityUsesOutsideTheirFeature() {
        return 278;
    }
}
