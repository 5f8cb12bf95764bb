package io.bindery.content;

import io.bindery.commons.testing.ServiceArchitectureTest;

/**
 * content-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules),
 * every rule as it is: no store or entity is used outside its feature, other features take a space as its read-only
 * row (SpaceRow) and ask spaces' use cases (LiveSpaces, SpaceRows, CollectionSpaces, SpaceProjections), and every
 * query is built in its feature's XStore (issue 30).
 */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.content");
    }

    /**
     * EntityManager and Panache entity calls (find, persist, flush, lock) outside a store, left when the rule came
     * (issue 30). Each moves into its feature's store; lower the number as they do.
     */
    @Override
    protected int entityCallsOutsideStores() {
        return 3;
    }
}
