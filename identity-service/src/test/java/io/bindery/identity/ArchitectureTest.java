package io.bindery.identity;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** identity-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.identity");
    }
}
