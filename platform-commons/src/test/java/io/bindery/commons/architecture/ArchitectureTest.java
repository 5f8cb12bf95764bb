package io.bindery.commons.architecture;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** platform-commons keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.commons");
    }
}
