package io.bindery.integrations;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** integrations-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.integrations");
    }

    /**
     * EntityManager and Panache entity calls (find, persist, flush, lock) outside a store, left when the rule came
     * (issue 30). Each moves into its feature's store; lower the number as they do.
     */
    @Override
    protected int entityCallsOutsideStores() {
        return 7;
    }
}
