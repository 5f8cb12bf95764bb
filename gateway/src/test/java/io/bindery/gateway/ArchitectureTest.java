package io.bindery.gateway;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** the gateway keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.gateway");
    }
}
