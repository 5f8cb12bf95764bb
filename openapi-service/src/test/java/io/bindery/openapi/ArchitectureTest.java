package io.bindery.openapi;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** openapi-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.openapi");
    }

    /** OpenApiSpec and SpecVersion rows still changed by processing's Processor, until specs owns those steps (issue 30). */
    @Override
    protected int storeAndEntityUsesOutsideTheirFeature() {
        return 45;
    }
}
