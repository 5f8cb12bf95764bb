package io.bindery.contracts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * CONTRIBUTING's code map checked against the code, where it can be: the modules it names are the build's modules,
 * the classes it names exist, and every event type of the contracts has a producer that publishes it. A map that
 * drifts sends a newcomer to code that is not there.
 */
class CodeMapTest {
    static final Path ROOT = AsyncApiDocumentsTest.ROOT;

    /** Types a map may name that are not ours (Java, Jackson, Quarkus). */
    static final Set<String> NOT_OURS = Set.of("JsonNode", "QuarkusTransaction", "ObjectNode", "ArrayNode",
            "IllegalArgumentException", "IllegalStateException");

    static String contributing() throws IOException {
        return Files.readString(ROOT.resolve("CONTRIBUTING.md"));
    }

    /** The first column of the modules table: {@code | `module` | …}, possibly several modules in one row. */
    static Set<String> mappedModules(String map) {
        Set<String> modules = new TreeSet<>();
        String table = map.substring(map.indexOf("## Modules"), map.indexOf("\n## ", map.indexOf("## Modules") + 3));
        for (String line : table.lines().filter(l -> l.startsWith("| `")).toList()) {
            String first = line.substring(1, line.indexOf('|', 1));
            Matcher m = Pattern.compile("`([^`]+)`").matcher(first);
            while (m.find()) {
                modules.add(m.group(1).replaceAll("/$", ""));
            }
        }
        return modules;
    }

    static Set<String> buildModules() throws IOException {
        Matcher m = Pattern.compile("<module>([^<]+)</module>").matcher(Files.readString(ROOT.resolve("pom.xml")));
        Set<String> modules = new TreeSet<>();
        while (m.find()) {
            modules.add(m.group(1));
        }
        return modules;
    }

    @Test
    void theMapNamesEveryModuleOfTheBuildAndNothingElse() throws IOException {
        Set<String> mapped = mappedModules(contributing());
        for (String module : mapped) {
            // a row may name a family (`sites-`, …) only if it also names each member elsewhere; it names dirs
            assertTrue(Files.isDirectory(ROOT.resolve(module)), "CONTRIBUTING names module " + module + ", which does not exist");
        }
        Set<String> unmapped = new TreeSet<>(buildModules());
        unmapped.removeAll(mapped);
        assertEquals(Set.of(), unmapped, "modules of the build that CONTRIBUTING's table does not name");
    }

    /** Every Java type the map names in backticks ({@code `MainLine.lock`}, {@code `SpacePolicy`}) exists. */
    @Test
    void everyClassTheMapNamesExists() throws IOException {
        Set<String> javaFiles;
        try (Stream<Path> files = Files.walk(ROOT)) {
            javaFiles = files.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/")
                            && !p.toString().contains("/target/"))
                    .map(p -> p.getFileName().toString().replace(".java", ""))
                    .collect(Collectors.toSet());
        }
        Matcher m = Pattern.compile("`([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)(?:[.(][^`]*)?`").matcher(contributing());
        List<String> missing = new ArrayList<>();
        while (m.find()) {
            String name = m.group(1);
            if (!NOT_OURS.contains(name) && !name.contains("*") && !javaFiles.contains(name)) {
                missing.add(name);
            }
        }
        assertEquals(List.of(), missing, "classes CONTRIBUTING names that no source file declares");
    }

    /** Producer module of each types class, as AsyncApiDocumentsTest knows them, plus insights. */
    static Map<String, Class<?>> typesClasses() {
        return Map.of("identity-service", io.bindery.contracts.identity.IdentityEventTypes.class,
                "content-service", io.bindery.contracts.content.ContentEventTypes.class,
                "review-service", io.bindery.contracts.review.ReviewEventTypes.class,
                "sites-service", io.bindery.contracts.sites.SitesEventTypes.class,
                "integrations-service", io.bindery.contracts.integrations.IntegrationsEventTypes.class,
                "openapi-service", io.bindery.contracts.openapi.OpenApiEventTypes.class,
                "insights-service", io.bindery.contracts.insights.InsightsEventTypes.class);
    }

    /** Types a producer names through a helper of the types class: the type, and the call that yields it. */
    static final Map<Object, List<String>> COMPUTED = Map.of(
            io.bindery.contracts.content.ContentEventTypes.permissionUpdated("space"), List.of("ContentEventTypes.permissionUpdated("),
            io.bindery.contracts.content.ContentEventTypes.permissionUpdated("collection"), List.of("ContentEventTypes.permissionUpdated("),
            io.bindery.contracts.content.ContentEventTypes.permissionRemoved("space"), List.of("ContentEventTypes.permissionRemoved("),
            io.bindery.contracts.content.ContentEventTypes.permissionRemoved("collection"), List.of("ContentEventTypes.permissionRemoved("));

    /** Types declared ahead of their producer, each with the reason. */
    static final Map<String, String> RESERVED = Map.of(
            io.bindery.contracts.identity.IdentityEventTypes.USER_UPDATED,
            "no operation changes a user yet (profiles come from sign-up or SAML once); consumers already apply it");

    /** An event type no service publishes is a promise the platform does not keep: every constant has a producer. */
    @Test
    void everyEventTypeHasAProducer() throws IOException, IllegalAccessException {
        List<String> orphans = new ArrayList<>();
        for (var entry : typesClasses().entrySet()) {
            String main;
            try (Stream<Path> files = Files.walk(ROOT.resolve(entry.getKey()).resolve("src/main/java"))) {
                main = files.filter(p -> p.toString().endsWith(".java")).map(CodeMapTest::read)
                        .collect(Collectors.joining("\n"));
            }
            Class<?> types = entry.getValue();
            for (Field f : types.getFields()) {
                if (!Modifier.isStatic(f.getModifiers()) || f.getType() != String.class || f.getName().equals("TOPIC")) {
                    continue;
                }
                boolean referenced = main.contains(types.getSimpleName() + "." + f.getName())
                        || COMPUTED.getOrDefault(f.get(null), List.of()).stream().anyMatch(main::contains);
                if (!referenced && !RESERVED.containsKey((String) f.get(null))) {
                    orphans.add(entry.getKey() + ": " + types.getSimpleName() + "." + f.getName());
                }
            }
        }
        assertEquals(List.of(), orphans, "event types whose producing service never names them");
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
