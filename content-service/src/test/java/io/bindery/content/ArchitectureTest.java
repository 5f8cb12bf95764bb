package io.bindery.content;

import io.bindery.commons.testing.ServiceArchitectureTest;

/**
 * content-service keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules),
 * every rule as it is: no store or entity is used outside its feature, other features take a space as its read-only
 * row (SpaceRow) and ask spaces' use cases (LiveSpaces, SpaceRows, CollectionSpaces, SpaceProjections), and every
 * query and EntityManager or Panache entity call is in its feature's XStore (issue 30).
 */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.content");
    }
}
