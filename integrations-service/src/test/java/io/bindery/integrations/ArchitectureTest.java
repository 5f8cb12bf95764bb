package io.bindery.integrations;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** integrations-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.integrations");
    }

    /** Integration and Installation read by events and installations, until each has its store (issue 30). */
    @Override
    protected int storeAndEntityUsesOutsideTheirFeature() {
        return 18;
    }
}
