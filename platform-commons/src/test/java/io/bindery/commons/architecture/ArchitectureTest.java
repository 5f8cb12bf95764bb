package io.bindery.commons.architecture;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** platform-commons keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.commons");
    }

    /**
     * lists.KeysetPage builds the keyset page query a store hands it (the store's EntityManager, table and where):
     * shared query building for stores, not a feature's SQL (3 calls: its count and its rows, native SQL only).
     */
    @Override
    protected int queriesOutsideStores() {
        return 3;
    }
}
