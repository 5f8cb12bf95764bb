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

    /**
     * Queries built outside a store that are still there (0: {@link ArchitectureRules#queriesOnlyInStores} holds).
     * A ratchet like {@link #storeAndEntityUsesOutsideTheirFeature}: it only goes down.
     */
    protected int queriesOutsideStores() {
        return 0;
    }

    /**
     * EntityManager and Panache entity calls (find, persist, merge, remove, lock, flush) made outside a store that
     * are still there (0: {@link ArchitectureRules#entityCallsOnlyInStores} holds). A ratchet: it only goes down.
     */
    protected int entityCallsOutsideStores() {
        return 0;
    }

    /** HQL statements still built (0: {@link ArchitectureRules#noHql} holds). A ratchet: it only goes down. */
    protected int hqlStatements() {
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
        ratchet(ArchitectureRules.storesAndEntitiesStayInTheirFeature(), storeAndEntityUsesOutsideTheirFeature(),
                "uses of stores and entities outside their feature", "storeAndEntityUsesOutsideTheirFeature()");
    }

    @Test
    void queriesOnlyInStores() {
        ratchet(ArchitectureRules.queriesOnlyInStores(), queriesOutsideStores(), "queries built outside a store",
                "queriesOutsideStores()");
    }

    @Test
    void entityCallsOnlyInStores() {
        ratchet(ArchitectureRules.entityCallsOnlyInStores(), entityCallsOutsideStores(),
                "EntityManager or Panache entity calls outside a store", "entityCallsOutsideStores()");
    }

    @Test
    void noHql() {
        ratchet(ArchitectureRules.noHql(), hqlStatements(), "HQL statements", "hqlStatements()");
    }

    /** Checks {@code rule} outright when nothing is owed; else that exactly {@code owed} violations are left. */
    private void ratchet(com.tngtech.archunit.lang.ArchRule rule, int owed, String what, String method) {
        if (owed == 0) {
            rule.check(classes());
            return;
        }
        EvaluationResult result = rule.evaluate(classes());
        int uses = result.getFailureReport().getDetails().size();
        assertTrue(uses <= owed, uses + " " + what + ", more than the " + owed + " still owed: a change added some. "
                + result.getFailureReport());
        assertTrue(uses == owed, "only " + uses + " " + what + " are left: lower " + method + " from " + owed + " to "
                + uses);
    }
}
