package io.bindery.commons.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;

/**
 * The shape every module keeps (CONTRIBUTING, "Code map"), as ArchUnit rules each module's {@code ArchitectureTest}
 * checks against its own main classes. Written once here so that a rule means the same in every service.
 *
 * <p>The feature-package shape: a thin {@code XResource}, {@code XRequests}, {@code Xs}, {@code XStore} (the only
 * class with SQL for the feature's tables), {@code XViews}, {@code XPolicy}; packages never import each other both
 * ways.
 */
public final class ArchitectureRules {

    private ArchitectureRules() {
    }

    /**
     * The module's own compiled classes under {@code basePackage}: what Maven compiled into this module's
     * {@code target/classes} (surefire runs in the module's folder), so neither tests nor another module's classes,
     * which a reactor build puts on the class path as folders too (platform-events and platform-commons share
     * the package prefix io.bindery.commons).
     */
    public static JavaClasses mainClasses(String basePackage) {
        return new ClassFileImporter()
                .importPath(java.nio.file.Path.of("target", "classes"))
                .that(com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage(basePackage + ".."));
    }

    /**
     * No two packages depend on each other, directly or round a ring. Every package is its own slice (a
     * {@code rest.dto} package is not folded into {@code rest}), so this counts what a reader sees as a package.
     */
    public static ArchRule noPackageCycles(String basePackage) {
        return slices().matching(basePackage + ".(**)").should().beFreeOfCycles()
                .because("a package that imports another which imports it back cannot be read or moved alone");
    }

    /** Resources parse, call a use case and map the answer; SQL is a store's business. */
    public static ArchRule resourcesDoNotTouchStores() {
        return noClasses().that().haveSimpleNameEndingWith("Resource")
                .should().dependOnClassesThat().haveSimpleNameEndingWith("Store")
                .allowEmptyShould(true)
                .because("a resource is thin: it calls the feature's use cases (Xs), which own the transaction");
    }

    /**
     * A feature's store and entities are used only inside the feature's package: another feature asks the owner's
     * use cases or views, so a table has one place where it is queried.
     */
    public static ArchRule storesAndEntitiesStayInTheirFeature() {
        return classes().that().haveSimpleNameEndingWith("Store")
                .or().areAnnotatedWith("jakarta.persistence.Entity")
                .should(onlyBeUsedFromTheirOwnPackage())
                .allowEmptyShould(true);
    }

    /** Layers point one way: no class outside {@code rest}/{@code dto} imports from them. */
    public static ArchRule nothingImportsRestOrDtoFromBelow() {
        // Bindery's own rest and dto packages: a library's (io.quarkus.rest.client) is no layer of ours
        return noClasses().that().resideOutsideOfPackages("io.bindery..rest..", "io.bindery..dto..")
                .should().dependOnClassesThat().resideInAnyPackage("io.bindery..rest..", "io.bindery..dto..")
                .allowEmptyShould(true)
                .because("request and response shapes belong to the edge; use cases take records of their own");
    }

    /**
     * Outbound HTTP goes through the outbound guard (commons.outbound) or a REST Client, never a bare JDK client.
     * {@code notYetMoved} names the classes that still use one (issue 30 moves them to REST Clients); a new one fails.
     */
    public static ArchRule javaNetHttpOnlyInTheOutboundGuard(String... notYetMoved) {
        return noClasses().that().resideOutsideOfPackage("io.bindery.commons.outbound..")
                .and(DescribedPredicate.describe("are not named " + List.of(notYetMoved),
                        (JavaClass c) -> !List.of(notYetMoved).contains(c.getName())))
                .should().dependOnClassesThat().resideInAPackage("java.net.http..")
                .allowEmptyShould(true)
                .because("internal calls share one client policy (timeouts, retry, circuit breaker); outbound calls "
                        + "to user-given URLs must pass the guard");
    }

    /** The query methods of the persistence APIs Bindery uses: what makes a class one that speaks SQL. */
    private static final java.util.Set<String> ENTITY_MANAGER_QUERIES = java.util.Set.of("createNativeQuery",
            "createQuery", "createNamedQuery", "createStoredProcedureQuery", "createNamedStoredProcedureQuery");
    private static final java.util.Set<String> PANACHE_QUERIES = java.util.Set.of("find", "findAll", "findById",
            "findByIdOptional", "list", "listAll", "stream", "streamAll", "count", "delete", "deleteAll", "deleteById",
            "update", "exists");
    /** A keyset page runs the count and page queries it is handed (commons' lists): a store's to call. */
    private static final java.util.Set<String> KEYSET_QUERIES = java.util.Set.of("sql");
    private static final String KEYSET_PAGE = "io.bindery.commons.lists.KeysetPage";
    private static final java.util.Set<String> JDBC_STATEMENTS = java.util.Set.of("prepareStatement",
            "createStatement", "prepareCall");

    /**
     * SQL is a store's: only a class named {@code …Store} builds a query (JPA/HQL or native through the
     * EntityManager, a Panache finder, update or delete, a JDBC statement, a keyset page's {@code sql}),
     * so a table's queries are found in one place and a use case reads as what it does, not how rows are fetched.
     */
    public static ArchRule queriesOnlyInStores() {
        return classes().that().haveSimpleNameNotEndingWith("Store")
                .should(buildNoQueries())
                .allowEmptyShould(true)
                .because("XStore is the only class with SQL or Panache queries for its feature's tables (issue 30)");
    }

    /** Each query a class builds is one violation (so a ratchet can count them). */
    private static ArchCondition<JavaClass> buildNoQueries() {
        return makeNoCallsThat("build no queries (EntityManager queries, Panache finders, JDBC statements, keyset "
                + "pages)", (origin, owner, name) -> owner.isAssignableTo("jakarta.persistence.EntityManager")
                        && ENTITY_MANAGER_QUERIES.contains(name)
                || owner.isAssignableTo("io.quarkus.hibernate.orm.panache.PanacheEntityBase") && PANACHE_QUERIES.contains(name)
                || owner.isAssignableTo("io.quarkus.hibernate.orm.panache.PanacheRepositoryBase") && PANACHE_QUERIES.contains(name)
                || owner.isAssignableTo("java.sql.Connection") && JDBC_STATEMENTS.contains(name)
                || owner.isAssignableTo(KEYSET_PAGE) && KEYSET_QUERIES.contains(name)
                        && !origin.getName().equals(KEYSET_PAGE)); // one overload calling another
    }

    /** Which calls a rule counts: from {@code origin} to the method {@code name} of {@code owner}. */
    private interface CallFilter {
        boolean counts(JavaClass origin, JavaClass owner, String name);
    }

    /** The same with the call itself, for a rule that looks at the called method's parameters. */
    private interface MethodCallFilter {
        boolean counts(JavaClass origin, com.tngtech.archunit.core.domain.JavaMethodCall call);
    }

    /** Each call from a class that {@code counted} matches is one violation (so a ratchet can count them). */
    private static ArchCondition<JavaClass> makeNoCallsThat(String description, CallFilter counted) {
        return makeNoMethodCallsThat(description,
                (origin, call) -> counted.counts(origin, call.getTargetOwner(), call.getName()));
    }

    private static ArchCondition<JavaClass> makeNoMethodCallsThat(String description, MethodCallFilter counted) {
        return new ArchCondition<>(description) {
            @Override
            public void check(JavaClass origin, ConditionEvents events) {
                for (com.tngtech.archunit.core.domain.JavaMethodCall call : origin.getMethodCallsFromSelf()) {
                    if (counted.counts(origin, call)) {
                        events.add(SimpleConditionEvent.violated(call, call.getDescription()));
                    }
                }
            }
        };
    }

    /** What a persistence context does with entities besides querying: loading by id, writing, locking, flushing. */
    private static final java.util.Set<String> ENTITY_MANAGER_CALLS = java.util.Set.of("find", "getReference",
            "persist", "merge", "remove", "lock", "refresh", "detach", "flush", "unwrap");
    private static final java.util.Set<String> PANACHE_ENTITY_CALLS = java.util.Set.of("persist", "persistAndFlush",
            "flush", "isPersistent", "getEntityManager", "getSession");

    /**
     * The other half of "a store is the only class with Panache calls": loading an entity by id, persisting,
     * merging, removing, locking or flushing it happens in the feature's store too, so a use case says what it
     * does (a store's {@code insert}, {@code lock}, {@code remove}) and a table's rows are written in one place.
     * Changing a loaded entity's fields is not a call and stays where the use case is.
     */
    public static ArchRule entityCallsOnlyInStores() {
        return classes().that().haveSimpleNameNotEndingWith("Store")
                .should(makeNoEntityCalls())
                .allowEmptyShould(true)
                .because("XStore is the only class with Panache or EntityManager calls for its feature's tables "
                        + "(issue 30)");
    }

    /** Each call is one violation (so a ratchet can count them). */
    private static ArchCondition<JavaClass> makeNoEntityCalls() {
        return makeNoCallsThat("make no EntityManager or Panache entity calls (find, persist, merge, remove, lock, "
                + "flush)", (origin, owner, name) -> owner.isAssignableTo("jakarta.persistence.EntityManager")
                        && ENTITY_MANAGER_CALLS.contains(name)
                || owner.isAssignableTo("io.quarkus.hibernate.orm.panache.PanacheEntityBase")
                        && PANACHE_ENTITY_CALLS.contains(name)
                || owner.isAssignableTo("io.quarkus.hibernate.orm.panache.PanacheRepositoryBase")
                        && PANACHE_ENTITY_CALLS.contains(name));
    }

    /** Panache's static queries, all HQL: a query string, or the whole table ({@code listAll}, {@code count()}). */
    private static final java.util.Set<String> PANACHE_HQL = java.util.Set.of("find", "findAll", "list", "listAll",
            "stream", "streamAll", "count", "delete", "deleteAll", "update", "exists");

    /**
     * No HQL or JPQL: every query is native SQL. The first HQL statement a JVM runs loads Hibernate's HQL parser
     * (its ANTLR grammars and query tree), classes kept for the JVM's life: in content-service 733 classes and ~6 MB
     * of metaspace (issue 29). Counted: {@code EntityManager.createQuery}/{@code createNamedQuery}, Panache's static
     * finders, counts, updates and deletes (not {@code findById}, {@code deleteById}, which load by id, nor an
     * entity's own {@code delete()}). ({@code KeysetPage} pages in native SQL only.)
     */
    public static ArchRule noHql() {
        return classes().should(makeNoMethodCallsThat("run no HQL (EntityManager.createQuery, Panache query strings)", (origin, call) -> {
                    JavaClass owner = call.getTargetOwner();
                    String name = call.getName();
                    if (owner.isAssignableTo("jakarta.persistence.EntityManager")) {
                        return name.equals("createQuery") || name.equals("createNamedQuery");
                    }
                    boolean panache = owner.isAssignableTo("io.quarkus.hibernate.orm.panache.PanacheEntityBase")
                            || owner.isAssignableTo("io.quarkus.hibernate.orm.panache.PanacheRepositoryBase");
                    // an entity's delete() removes it by id; the static delete(query, params) is HQL
                    return panache && PANACHE_HQL.contains(name) && !(name.equals("delete")
                            && call.getTarget().getRawParameterTypes().isEmpty()
                            && owner.isAssignableTo("io.quarkus.hibernate.orm.panache.PanacheEntityBase"));
                }))
                .allowEmptyShould(true)
                .because("the HQL parser costs every service ~6 MB of metaspace once loaded; native SQL does not load it");
    }

    private static ArchCondition<JavaClass> onlyBeUsedFromTheirOwnPackage() {
        return new ArchCondition<>("only be used from their own package") {
            @Override
            public void check(JavaClass target, ConditionEvents events) {
                for (Dependency dependency : target.getDirectDependenciesToSelf()) {
                    JavaClass origin = dependency.getOriginClass();
                    if (!origin.getPackageName().equals(target.getPackageName())) {
                        events.add(SimpleConditionEvent.violated(dependency, dependency.getDescription()));
                    }
                }
            }
        };
    }
}
