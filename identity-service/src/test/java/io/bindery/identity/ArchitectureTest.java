package io.bindery.identity;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.bindery.commons.testing.ArchitectureRules;
import org.junit.jupiter.api.Test;

/** identity keeps the feature-package shape every service has (ArchitectureRules; CONTRIBUTING, "Code map"). */
class ArchitectureTest {

    private static final String BASE = "io.bindery.identity";
    private static final JavaClasses CLASSES = ArchitectureRules.mainClasses(BASE);

    @Test
    void noPackageCycles() {
        ArchitectureRules.noPackageCycles(BASE).check(CLASSES);
    }

    @Test
    void resourcesDoNotTouchStores() {
        ArchitectureRules.resourcesDoNotTouchStores().check(CLASSES);
    }

    @Test
    void nothingImportsRestOrDtoFromBelow() {
        ArchitectureRules.nothingImportsRestOrDtoFromBelow().check(CLASSES);
    }

    @Test
    void storesAndEntitiesStayInTheirFeature() {
        ArchitectureRules.storesAndEntitiesStayInTheirFeature().check(CLASSES);
    }

    @Test
    void javaNetHttpOnlyInTheOutboundGuard() {
        // none left: the parked-events admin calls the other services through a REST Client (InternalClients)
        ArchitectureRules.javaNetHttpOnlyInTheOutboundGuard().check(CLASSES);
    }
}
