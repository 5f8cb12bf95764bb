package io.bindery.commons.eventsarchitecture;

import io.bindery.commons.testing.ServiceArchitectureTest;
import java.util.List;

/** platform-events keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.commons");
    }

    /** Internal callers still on a JDK client: to REST Clients with one policy (issue 30). */
    @Override
    protected List<String> stillOnTheJdkHttpClient() {
        return List.of("io.bindery.commons.projection.IdentityClient");
    }
}
