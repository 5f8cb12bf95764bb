package io.bindery.sites;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.bindery.commons.testing.ArchitectureRules;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/** sites-service keeps the shape of CONTRIBUTING's code map (ArchitectureRules). */
class ArchitectureTest {

    private static final String BASE = "io.bindery.sites";
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
    void javaNetHttpOnlyInTheOutboundGuard() {
        // no class of sites-service builds a JDK client: content is called through a REST Client (ContentApi)
        ArchitectureRules.javaNetHttpOnlyInTheOutboundGuard().check(CLASSES);
    }

    @Test
    @Disabled("not yet: 431 uses outside their package of the entities Site, SiteSpaceRow, StructureItem and of "
            + "StructureStore, until each feature has its store and the others ask its use cases (issue 30)")
    void storesAndEntitiesStayInTheirFeature() {
        ArchitectureRules.storesAndEntitiesStayInTheirFeature().check(CLASSES);
    }
}
