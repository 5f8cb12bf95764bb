package io.bindery.commons.eventsarchitecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.bindery.commons.testing.ArchitectureRules;
import org.junit.jupiter.api.Test;

/** platform-events keeps the shape it asks of the services (ArchitectureRules). */
class ArchitectureTest {

    private static final String BASE = "io.bindery.commons";
    private static final JavaClasses CLASSES = ArchitectureRules.mainClasses(BASE);

    @Test
    void noPackageCycles() {
        ArchitectureRules.noPackageCycles(BASE).check(CLASSES);
    }

    @Test
    void javaNetHttpOnlyInTheOutboundGuard() {
        // projections read identity's internal API with a JDK client: to a REST Client with one policy (issue 30)
        ArchitectureRules.javaNetHttpOnlyInTheOutboundGuard("io.bindery.commons.projection.IdentityClient")
                .check(CLASSES);
    }
}
