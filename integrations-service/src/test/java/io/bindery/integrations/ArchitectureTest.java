package io.bindery.integrations;

import io.bindery.commons.testing.ServiceArchitectureTest;

/**
 * integrations-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules),
 * every rule as it is: every query and EntityManager or Panache entity call is in its feature's XStore (issue 30).
 */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.integrations");
    }
}
