package io.bindery.review;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.bindery.commons.testing.ArchitectureRules;
import org.junit.jupiter.api.Test;

/** review keeps the feature-package shape every service has (CONTRIBUTING; commons' ArchitectureRules). */
class ArchitectureTest {

    private static final String BASE = "io.bindery.review";
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
        // no review class builds a JDK client: internal calls go through REST Clients (ContentClient, IdentityMembersClient)
        ArchitectureRules.javaNetHttpOnlyInTheOutboundGuard().check(CLASSES);
    }
}
