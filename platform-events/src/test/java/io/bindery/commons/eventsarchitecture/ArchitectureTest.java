package io.bindery.commons.eventsarchitecture;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** platform-events keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.commons");
    }

    /**
     * Queries built outside a store, left when the rule came (issue 30): the identity projections
     * (MembershipProjection, TeamProjection, UserDirectory). Lower it as they move into stores.
     */
    @Override
    protected int queriesOutsideStores() {
        return 10;
    }
}
