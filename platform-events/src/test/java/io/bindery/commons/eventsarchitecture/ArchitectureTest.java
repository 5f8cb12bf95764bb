package io.bindery.commons.eventsarchitecture;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** platform-events keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.commons");
    }
}
