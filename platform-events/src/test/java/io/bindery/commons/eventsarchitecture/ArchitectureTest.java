package io.bindery.commons.eventsarchitecture;

import io.bindery.commons.testing.ServiceArchitectureTest;

/** platform-events keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.commons");
    }

    /**
     * Queries built outside a store, left when the rule came (issue 30): the outbox (EventPublisher, OutboxRelay),
     * the failed-event table (FailedEvents), EventsHealth and the identity projections (MembershipProjection,
     * TeamProjection, UserDirectory). Lower it as they move into stores.
     */
    @Override
    protected int queriesOutsideStores() {
        return 26;
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
