package io.bindery.commons.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.bindery.commons.testing.ArchitectureRules;
import org.junit.jupiter.api.Test;

/** commons keeps the shape it asks of the services (ArchitectureRules). */
class ArchitectureTest {

    private static final String BASE = "io.bindery.commons";
    private static final JavaClasses CLASSES = ArchitectureRules.mainClasses(BASE);

    @Test
    void noPackageCycles() {
        ArchitectureRules.noPackageCycles(BASE).check(CLASSES);
    }

    @Test
    void javaNetHttpOnlyInTheOutboundGuard() {
        // the two internal callers that still build a JDK client: to REST Clients with one policy (issue 30)
        ArchitectureRules.javaNetHttpOnlyInTheOutboundGuard(
                "io.bindery.commons.auth.RevocationList",
                "io.bindery.commons.auth.ServiceTokens").check(CLASSES);
    }
}
