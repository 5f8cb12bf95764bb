package io.bindery.commons.architecture;

import io.bindery.commons.testing.ServiceArchitectureTest;
import java.util.List;

/** platform-commons keeps the shape of CONTRIBUTING's code map (commons' ServiceArchitectureTest, ArchitectureRules). */
class ArchitectureTest extends ServiceArchitectureTest {

    ArchitectureTest() {
        super("io.bindery.commons");
    }

    /** Internal callers still on a JDK client: to REST Clients with one policy (issue 30). */
    @Override
    protected List<String> stillOnTheJdkHttpClient() {
        return List.of("io.bindery.commons.auth.RevocationList",
                "io.bindery.commons.auth.ServiceTokens");
    }
}
