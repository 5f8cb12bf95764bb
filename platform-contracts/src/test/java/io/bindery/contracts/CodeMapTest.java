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

    /**
     * The event types README and CONTRIBUTING name ({@code `bindery.member.added.v1`}, with {@code {a,b}} for several)
     * are types of the contracts, so {@link #everyEventTypeHasAProducer} holds for them too: a type a reader finds in
     * the docs is one a service really publishes.
     */
    /** Types the docs name on purpose although nobody publishes them, each with the reason. */
    static final Map<String, String> DOC_EXAMPLES = Map.of("bindery.space.updated.v9",
            "README's example of a known type in a version the platform does not publish (consumers dead-letter it)");

    @Test
    void everyEventTypeTheDocsNameIsAContractTypeWithAProducer() throws IOException, IllegalAccessException {
        Set<String> declared = new TreeSet<>();
        for (Class<?> types : typesClasses().values()) {
            for (Field f : types.getFields()) {
                if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class && !f.getName().equals("TOPIC")) {
                    declared.add((String) f.get(null));
                }
            }
        }
        declared.addAll(COMPUTED.keySet().stream().map(String::valueOf).toList());
        List<String> unknown = new ArrayList<>();
        for (String doc : List.of("README.md", "CONTRIBUTING.md")) {
            Matcher m = Pattern.compile("`(bindery\\.[a-z{},.-]+\\.v[0-9]+)`").matcher(Files.readString(ROOT.resolve(doc)));
            while (m.find()) {
                for (String type : expand(m.group(1))) {
                    if ((!declared.contains(type) || RESERVED.containsKey(type)) && !DOC_EXAMPLES.containsKey(type)) {
                        unknown.add(doc + ": " + type);
                    }
                }
            }
        }
        assertEquals(List.of(), unknown, "event types the docs name that no types class declares (or none publishes)");
    }

    /** The modules README names in backticks ({@code `content-service`}, {@code `platform-events`}) exist. */
    @Test
    void everyModuleTheReadmeNamesExists() throws IOException {
        Matcher m = Pattern.compile("`((?:[a-z]+-service)|(?:platform-[a-z]+)|(?:bindery-[a-z]+)|(?:[a-z0-9]+-tests))`")
                .matcher(Files.readString(ROOT.resolve("README.md")));
        Set<String> missing = new TreeSet<>();
        while (m.find()) {
            if (!Files.isDirectory(ROOT.resolve(m.group(1)))) {
                missing.add(m.group(1));
            }
        }
        assertEquals(Set.of(), missing, "modules README names that do not exist");
    }

    /** {@code bindery.{a,b}.x.v1} as {@code bindery.a.x.v1} and {@code bindery.b.x.v1}. */
    static List<String> expand(String pattern) {
        int open = pattern.indexOf('{');
        if (open < 0) {
            return List.of(pattern);
        }
        int close = pattern.indexOf('}', open);
        List<String> out = new ArrayList<>();
        for (String alternative : pattern.substring(open + 1, close).split(",")) {
            out.addAll(expand(pattern.substring(0, open) + alternative + pattern.substring(close + 1)));
        }
        return out;
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
