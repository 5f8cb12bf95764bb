package io.bindery.content;

import io.bindery.commons.testing.ServiceArchitectureTest;

/**
 * content-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules),
 * every rule as it is: no store or entity is used outside its feature any more (issue 30), other features take a
 * space as its read-only row (SpaceRow) and ask spaces' use cases (LiveSpaces, SpaceRows, CollectionSpaces).
 */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.content");
    }

    /**
     * Queries (EntityManager, Panache finders, JDBC) built outside a store, left when the rule came (issue 30): 52, 10 now.
     * Each moves into its feature's XStore; lower the number as they do.
     */
    @Override
    protected int queriesOutsideStores() {
        return 10;
    }
}
