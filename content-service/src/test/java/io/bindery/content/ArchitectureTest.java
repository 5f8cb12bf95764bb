package io.bindery.content;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** content-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.content");
    }

    /**
     * The domain entity Space (182), used across features until spaces owns it and the others ask its use cases;
     * access, collections, items, pages and links take a space as its read-only row (SpaceRow) already. Issue 30;
     * Collection, Branch and Revision are their features' now, and only revisions uses RevisionStore.
     */
    @Override
    protected int storeAndEntityUsesOutsideTheirFeature() {
        return 182;
    }
}
