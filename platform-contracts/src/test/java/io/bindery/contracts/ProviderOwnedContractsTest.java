package io.bindery.contracts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Internal APIs are owned by their providers (issue 30): each is a JAX-RS interface in platform-contracts, the
 * provider's resource implements it and the callers' REST Clients extend it, so a path is written once. Read from
 * the sources, as {@link CodeMapTest} reads them, because this module cannot see the services' classes:
 * <ul>
 * <li>an interface outside platform-contracts that declares an {@code /internal} path re-declares a provider's
 * path; the ones not moved yet are counted below, and the count may only go down;</li>
 * <li>every contract has exactly one provider resource, which carries no JAX-RS annotation of its own (one would
 * silently drop the contract's annotations on that method) and whose service indexes platform-contracts (else
 * Quarkus does not see the interface's annotations and the path answers 404);</li>
 * <li>every contract has a caller, whose REST Client adds no path of its own.</li>
 * </ul>
 */
class ProviderOwnedContractsTest {
    static final Path ROOT = AsyncApiDocumentsTest.ROOT;

    /**
     * The internal paths callers still write themselves, by interface: none since content's branch calls became
     * {@code ContentBranchesApi} and {@code ContentBranchTemplatesApi} (issue 30; review's ContentApi declared 5).
     * Never add one: move the path into a contract instead.
     */
    static final Map<String, Integer> NOT_YET_CONTRACTS = new TreeMap<>();

    static final Pattern VERB = Pattern.compile("@(?:jakarta\\.ws\\.rs\\.)?(GET|POST|PUT|DELETE|PATCH|HEAD)\\b");
    /** A run of annotations (with simple arguments) followed by what they annotate. */
    static final Pattern ANNOTATIONS = Pattern.compile("((?:@[\\w.]+(?:\\([^()]*\\))?\\s+)+)");
    static final Pattern PATH = Pattern.compile("@(?:jakarta\\.ws\\.rs\\.)?Path\\(\\s*\"([^\"]*)\"\\s*\\)");
    static final Pattern INTERFACE = Pattern.compile("((?:@[\\w.]+(?:\\([^()]*\\))?\\s+)*)(?:public\\s+)?interface\\s+(\\w+)"
            + "(?:\\s+extends\\s+([\\w.,\\s]+?))?\\s*\\{");
    static final Pattern CLASS = Pattern.compile("class\\s+(\\w+)[^{]*?\\bimplements\\s+([\\w.,\\s<>]+?)\\s*\\{");
    static final Pattern JAX_RS = Pattern.compile("@(?:jakarta\\.ws\\.rs\\.)?(GET|POST|PUT|DELETE|PATCH|HEAD|Path|Produces|Consumes|PathParam"
            + "|QueryParam|HeaderParam|FormParam|DefaultValue|BeanParam)\\b");

    record Source(String module, Path file, String text) {
        String relative() {
            return ROOT.relativize(file).toString();
        }
    }

    /** An interface with JAX-RS methods: its own class-level path and the full paths of its own methods. */
    record Api(Source source, String name, String classPath, List<String> extended, List<String> methodPaths) {
    }

    @Test
    void noCallerWritesAnInternalPathThatIsNotCountedAbove() {
        Map<String, Integer> found = new TreeMap<>();
        for (Api api : apis()) {
            if (api.source().module().equals("platform-contracts")) {
                continue;
            }
            long internal = api.methodPaths().stream().filter(p -> p.startsWith("/internal/")).count();
            if (internal > 0) {
                found.put(api.source().relative(), (int) internal);
            }
        }
        assertEquals(NOT_YET_CONTRACTS, found, "an interface outside platform-contracts declares internal paths: extend "
                + "the provider's interface in io.bindery.contracts (or write one there) instead; if you moved paths "
                + "into a contract, lower NOT_YET_CONTRACTS");
    }

    @Test
    void everyContractHasOneProviderThatAddsNoAnnotationAndIsIndexed() {
        List<Api> contracts = contracts();
        assertFalse(contracts.isEmpty(), "no contract interfaces found");
        for (Api contract : contracts) {
            List<Source> providers = new ArrayList<>();
            for (Source s : sources()) {
                Matcher m = CLASS.matcher(s.text());
                if (m.find() && names(m.group(2)).contains(contract.name()) && s.text().contains("import " + fqn(contract) + ";")) {
                    providers.add(s);
                }
            }
            assertEquals(1, providers.size(), contract.name() + " needs exactly one provider resource implementing it, found "
                    + providers.stream().map(Source::relative).toList());
            Source provider = providers.get(0);
            Matcher annotation = JAX_RS.matcher(provider.text());
            assertFalse(annotation.find(), () -> provider.relative() + " carries @" + annotation.group(1) + ": paths, media types and parameters are " + contract.name() + "'s, and an annotation on the resource "
                    + "makes JAX-RS ignore the contract's on that method");
            assertIndexesContracts(provider.module(), contract.name() + "'s provider");
        }
    }

    @Test
    void everyContractHasACallerWhoseClientAddsNoPath() {
        List<Api> apis = apis();
        for (Api contract : contracts()) {
            List<Api> callers = apis.stream().filter(a -> !a.source().module().equals("platform-contracts")
                    && extendsTransitively(a, contract.name(), apis)).toList();
            assertFalse(callers.isEmpty(), contract.name() + " has no caller: a REST Client interface extending it");
            for (Api caller : callers) {
                assertTrue(caller.methodPaths().isEmpty() || NOT_YET_CONTRACTS.containsKey(caller.source().relative()),
                        caller.source().relative() + " extends " + contract.name() + " and adds paths " + caller.methodPaths());
                assertTrue(caller.classPath() == null || caller.classPath().equals(contract.classPath()),
                        caller.source().relative() + " is at " + caller.classPath() + ", " + contract.name() + " at "
                                + contract.classPath() + ": the client would call other URLs than the provider serves");
                if (Files.exists(ROOT.resolve(caller.source().module()).resolve("src/main/resources/application.properties"))) {
                    assertIndexesContracts(caller.source().module(), caller.name());
                }
            }
        }
    }

    static void assertIndexesContracts(String module, String who) {
        Path properties = ROOT.resolve(module).resolve("src/main/resources/application.properties");
        assertTrue(read(properties).contains("artifact-id=platform-contracts"), module + " (" + who + ") must index "
                + "platform-contracts (quarkus.index-dependency.contracts.*), or Quarkus does not see the contract's "
                + "JAX-RS annotations");
    }

    static boolean extendsTransitively(Api api, String name, List<Api> apis) {
        for (String parent : api.extended()) {
            if (parent.equals(name)) {
                return true;
            }
            for (Api other : apis) {
                if (other.name().equals(parent) && other != api && extendsTransitively(other, name, apis)) {
                    return true;
                }
            }
        }
        return false;
    }

    static String fqn(Api contract) {
        Matcher m = Pattern.compile("package\\s+([\\w.]+);").matcher(contract.source().text());
        assertTrue(m.find(), contract.source().relative() + " has no package");
        return m.group(1) + "." + contract.name();
    }

    static List<Api> contracts() {
        return apis().stream().filter(a -> a.source().module().equals("platform-contracts")).toList();
    }

    static List<Api> apis() {
        List<Api> apis = new ArrayList<>();
        for (Source s : sources()) {
            Matcher i = INTERFACE.matcher(s.text());
            if (!i.find()) {
                continue;
            }
            String classPath = path(i.group(1));
            List<String> extended = i.group(3) == null ? List.of() : names(i.group(3));
            List<String> methodPaths = new ArrayList<>();
            Matcher run = ANNOTATIONS.matcher(s.text());
            run.region(i.end(), s.text().length());
            while (run.find()) {
                if (VERB.matcher(run.group(1)).find()) {
                    String method = path(run.group(1));
                    methodPaths.add(join(classPath, method));
                }
            }
            if (!methodPaths.isEmpty() || !extended.isEmpty()) {
                apis.add(new Api(s, i.group(2), classPath, extended, methodPaths));
            }
        }
        return apis;
    }

    static String path(String annotations) {
        Matcher m = PATH.matcher(annotations);
        return m.find() ? m.group(1) : null;
    }

    static String join(String classPath, String methodPath) {
        String joined = "/" + (classPath == null ? "" : classPath) + "/" + (methodPath == null ? "" : methodPath);
        joined = joined.replaceAll("/+", "/");
        return joined.length() > 1 && joined.endsWith("/") ? joined.substring(0, joined.length() - 1) : joined;
    }

    static List<String> names(String list) {
        List<String> names = new ArrayList<>();
        for (String n : list.replaceAll("<[^>]*>", "").split(",")) {
            String name = n.trim();
            names.add(name.substring(name.lastIndexOf('.') + 1));
        }
        return names;
    }

    static List<Source> sources() {
        Map<Path, Source> sources = new LinkedHashMap<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path module : modules.filter(m -> Files.isDirectory(m.resolve("src/main/java"))).sorted().toList()) {
                try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
                    for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                        sources.put(f, new Source(module.getFileName().toString(), f, withoutComments(read(f))));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(sources.values());
    }

    /** Block comments and whole-line comments out, so a path named in a comment does not count. */
    static String withoutComments(String java) {
        return java.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("(?m)^\\s*//.*$", "");
    }

    static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
