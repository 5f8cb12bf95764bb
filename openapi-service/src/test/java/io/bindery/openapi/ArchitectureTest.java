package io.bindery.openapi;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** openapi-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.openapi");
    }

    /** OpenApiSpec and SpecVersion read by processing and versions beside specs, until each has its store (issue 30). */
    @Override
    protected int storeAndEntityUsesOutsideTheirFeature() {
        return 73;
    }
}
