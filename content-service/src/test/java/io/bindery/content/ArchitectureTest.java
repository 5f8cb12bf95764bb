package io.bindery.content;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** content-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.content");
    }

    /**
     * Spaces' entity Space (32), still used by branches, search and templates until they take a space's read-only
     * row (SpaceRow) and ask spaces' use cases as access, collections, items, pages and links do. Issue 30;
     * Collection, Branch and Revision are their features' too, and only revisions uses RevisionStore.
     */
    @Override
    protected int storeAndEntityUsesOutsideTheirFeature() {
        return 32;
    }
}
