package io.bindery.insights;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** insights-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.insights");
    }
}
