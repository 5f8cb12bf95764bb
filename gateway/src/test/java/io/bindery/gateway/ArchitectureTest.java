package io.bindery.gateway;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.bindery.commons.testing.ArchitectureRules;
import org.junit.jupiter.api.Test;

/** The shape of CONTRIBUTING's code map, checked (the rules are commons' ArchitectureRules). */
class ArchitectureTest {

    private static final String BASE = "io.bindery.gateway";
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
        ArchitectureRules.javaNetHttpOnlyInTheOutboundGuard().check(CLASSES);
    }
}
