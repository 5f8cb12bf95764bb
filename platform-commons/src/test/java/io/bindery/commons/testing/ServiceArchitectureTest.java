package io.bindery.commons.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.lang.EvaluationResult;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * The {@link ArchitectureRules} every module checks, once: a module's {@code ArchitectureTest} extends this with its
 * base package and says what it still owes. The rules that hold are checked as they are; the one that does not
 * hold everywhere yet (stores and entities used only in their feature) is a ratchet: the module names how many
 * uses it still has, the test fails when there are more, and the number only goes down to 0, where the rule holds.
 */
public abstract class ServiceArchitectureTest {
    private static final Map<String, JavaClasses> CLASSES = new ConcurrentHashMap<>();

    private final String basePackage;

    protected ServiceArchitectureTest(String basePackage) {
        this.basePackage = basePackage;
    }

    /** Classes that still build a JDK HTTP client (to move to REST Clients); a new one fails. */
    protected List<String> stillOnTheJdkHttpClient() {
        return List.of();
    }

    /**
     * Uses of a store or an entity from outside its feature's package that are still there (0: the rule holds).
     * Lower it when a change removes some; the test says when it may.
     */
    protected int storeAndEntityUsesOutsideTheirFeature() {
        return 0;
    }

    protected JavaClasses classes() {
        return CLASSES.computeIfAbsent(basePackage, ArchitectureRules::mainClasses);
    }

    @Test
    void noPackageCycles() {
        ArchitectureRules.noPackageCycles(basePackage).check(classes());
    }

    @Test
    void resourcesDoNotTouchStores() {
        ArchitectureRules.resourcesDoNotTouchStores().check(classes());
    }

    @Test
    void nothingImportsRestOrDtoFromBelow() {
        ArchitectureRules.nothingImportsRestOrDtoFromBelow().check(classes());
    }

    @Test
    void javaNetHttpOnlyInTheOutboundGuard() {
        ArchitectureRules.javaNetHttpOnlyInTheOutboundGuard(stillOnTheJdkHttpClient().toArray(String[]::new))
                .check(classes());
    }

    @Test
    void storesAndEntitiesStayInTheirFeature() {
        int owed = storeAndEntityUsesOutsideTheirFeature();
        if (owed == 0) {
            ArchitectureRules.storesAndEntitiesStayInTheirFeature().check(classes());
            return;
        }
        EvaluationResult result = ArchitectureRules.storesAndEntitiesStayInTheirFeature().evaluate(classes());
        int uses = result.getFailureReport().getDetails().size();
        assertTrue(uses <= owed, uses + " uses of stores and entities outside their feature, more than the " + owed
                + " still owed: a change added some. " + result.getFailureReport());
        assertTrue(uses == owed, "only " + uses + " uses of stores and entities outside their feature are left: "
                + "lower storeAndEntityUsesOutsideTheirFeature() from " + owed + " to " + uses);
    }
}
