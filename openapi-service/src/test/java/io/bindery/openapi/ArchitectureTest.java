package io.bindery.openapi;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** openapi-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.openapi");
    }
}
