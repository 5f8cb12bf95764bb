package io.bindery.integrations;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** integrations-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.integrations");
    }
}
