package io.bindery.openapi;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** openapi-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.openapi");
    }

    /**
     * Queries (EntityManager, Panache finders, JDBC) built outside a store, left when the rule came (issue 30): 5.
     * Each moves into its feature's XStore; lower the number as they do.
     */
    @Override
    protected int queriesOutsideStores() {
        return 2;
    }
}
