package io.bindery.deploy;

import io.bindery.deploy.Manifests.Manifest;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * k8s/: a Kustomize base of two parts and the overlays dev and prod. The workloads (each component's Deployment and
 * Service, base/generated/) are what quarkus-kubernetes generates in each module's build, copied by k8s/assemble.sh;
 * the rest (ConfigMaps, NetworkPolicies, PodDisruptionBudgets, the gateway's autoscaler, the Ingress, the service
 * account: base/cluster.yaml) is the chart rendered with fixed values, Secrets referenced by name (made by the
 * overlays or by the cluster's secret store). There is no Kustomize in Java (fabric8 has none, helm-java neither),
 * so every YAML file under k8s/ is parsed strictly; where kubectl is installed its built-in Kustomize also builds
 * both overlays, and the builds pass the same checks as the chart.
 */
class KustomizeTest {
    static final Path K8S = HelmChartTest.REPO.resolve("k8s");
    static final Path CLUSTER = K8S.resolve("base/cluster.yaml");
    static final Path GENERATED = K8S.resolve("base/generated");
    /** Kinds the generated manifests hold; the chart's own are left out of base/cluster.yaml. */
    static final java.util.Set<String> WORKLOAD_KINDS = java.util.Set.of("Deployment", "Service");
    /** The values the base is rendered with: everything an overlay may change sits in a ConfigMap or a name. */
    static final Map<String, String> BASE_VALUES = baseValues();

    @RegisterExtension
    static final FakeKubernetesApi api = new FakeKubernetesApi();

    private static Map<String, String> baseValues() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("fullnameOverride", "bindery");
        v.put("secrets.existingSecret", "bindery-secrets");
        v.put("postgresql.auth.existingSecret", "bindery-db");
        v.put("secrets.signingKey.existingSecret", "bindery-signing-key");
        return v;
    }

    /**
     * The chart's output less its workloads (quarkus-kubernetes generates those), without Helm's own labels and its
     * template comments.
     */
    static String clusterFromChart() {
        // helm-java's template leaves hooks out: `helm test`'s pod is not in the base
        String rendered = HelmChartTest.render(null, BASE_VALUES);
        List<String> docs = new ArrayList<>();
        docs.add("# Generated from helm/bindery (all but its Deployments and Services, which come from the services' builds:\n"
                + "# base/generated/): do not edit; KustomizeTest checks it. To regenerate: k8s/assemble.sh\n");
        for (String doc : rendered.split("(?m)^---\\s*$")) {
            if (doc.isBlank() || doc.lines().anyMatch(l -> WORKLOAD_KINDS.stream().anyMatch(k -> l.equals("kind: " + k)))) {
                continue;
            }
            List<String> out = new ArrayList<>();
            for (String line : doc.strip().lines().toList()) {
                String t = line.strip();
                if (t.startsWith("# Source:") || t.startsWith("helm.sh/chart:") || t.equals("app.kubernetes.io/managed-by: Helm")) {
                    continue;
                }
                out.add(line);
            }
            docs.add(String.join("\n", out) + "\n");
        }
        return String.join("---\n", docs);
    }

    @Test
    void clusterPartIsTheChartRendered() throws IOException {
        String expected = clusterFromChart();
        if (Boolean.getBoolean("bindery.k8s.write")) {
            Files.writeString(CLUSTER, expected, StandardCharsets.UTF_8);
        }
        assertTrue(Files.exists(CLUSTER), "k8s/base/cluster.yaml is missing: run k8s/assemble.sh");
        assertEquals(expected, Files.readString(CLUSTER), "k8s/base/cluster.yaml differs from the chart: run k8s/assemble.sh");
        List<Manifest> cluster = Manifests.parseAll(expected, "k8s/base/cluster.yaml");
        assertTrue(Manifests.ofType(cluster, Secret.class).isEmpty(), "the base carries no secret");
    }

    /** Each module's build output (target/kubernetes/kubernetes.yml), as k8s/assemble.sh copies it. */
    @Test
    void generatedPartIsWhatTheBuildsGenerate() throws IOException {
        List<String> problems = new ArrayList<>();
        for (String module : GeneratedManifests.MODULES.keySet()) {
            Path copy = GENERATED.resolve(module + ".yaml");
            String built;
            try {
                built = GeneratedManifests.built(module);
            } catch (AssertionError e) {
                problems.add(e.getMessage());
                continue;
            }
            // compared as models: the extension writes labels in no fixed order from one build to the next
            List<Object> expected = Manifests.parseAll(built, module).stream().map(m -> (Object) m.resource()).toList();
            boolean same = Files.exists(copy) && expected.equals(
                    Manifests.parseAll(Files.readString(copy), copy.toString()).stream().map(m -> (Object) m.resource()).toList());
            if (!same && Boolean.getBoolean("bindery.k8s.write")) {
                Files.createDirectories(GENERATED);
                Files.writeString(copy, GeneratedManifests.header(module) + built, StandardCharsets.UTF_8);
                same = true;
            }
            if (!Files.exists(copy)) {
                problems.add("k8s/base/generated/" + module + ".yaml is missing: run k8s/assemble.sh");
            } else if (!same) {
                problems.add("k8s/base/generated/" + module + ".yaml differs from " + module
                        + "/target/kubernetes/kubernetes.yml: run k8s/assemble.sh");
            } else {
                assertTrue(Files.readString(copy).startsWith(GeneratedManifests.header(module)), copy + " keeps its header");
            }
        }
        assertTrue(problems.isEmpty(), () -> String.join("\n", problems));
    }

    /** The base as Kustomize reads it (its resources, no patch of its own) passes the workload checks. */
    @Test
    void baseIsACompleteDeployment() throws IOException {
        List<Manifest> base = new ArrayList<>(Manifests.parseAll(Files.readString(CLUSTER), "k8s/base/cluster.yaml"));
        for (String module : GeneratedManifests.MODULES.keySet()) {
            Path f = GENERATED.resolve(module + ".yaml");
            base.addAll(Manifests.parseAll(Files.readString(f), K8S.relativize(f).toString()));
        }
        WorkloadChecks.checkAll(base, "k8s/base");
        String kustomization = Files.readString(K8S.resolve("base/kustomization.yaml"));
        for (String module : GeneratedManifests.MODULES.keySet()) {
            assertTrue(kustomization.contains("- generated/" + module + ".yaml"), "base/kustomization.yaml lists " + module);
        }
    }

    @Test
    void everyFileUnderK8sParsesStrictly() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(K8S)) {
            files = walk.filter(p -> p.toString().endsWith(".yaml") && !p.getFileName().toString().equals("kustomization.yaml")).sorted().toList();
        }
        assertTrue(files.size() >= 3, files.toString());
        for (Path f : files) {
            List<Manifest> parsed = Manifests.parseAll(Files.readString(f), K8S.relativize(f).toString());
            assertFalse(parsed.isEmpty(), f.toString());
        }
        // each kustomization names files that exist
        try (Stream<Path> walk = Files.walk(K8S)) {
            for (Path k : walk.filter(p -> p.getFileName().toString().equals("kustomization.yaml")).toList()) {
                for (String line : Files.readAllLines(k)) {
                    String t = line.strip();
                    String ref = t.startsWith("- path: ") ? t.substring(8) : t.startsWith("- ") && t.endsWith(".yaml") ? t.substring(2) : null;
                    if (ref != null) {
                        assertTrue(Files.exists(k.getParent().resolve(ref)), k + " names " + ref);
                    }
                }
            }
        }
    }

    @Test
    void devOverlayBuilds() throws Exception {
        List<Manifest> dev = kustomize("overlays/dev");
        if (dev == null) {
            return;
        }
        WorkloadChecks.checkAll(dev, "k8s/overlays/dev");
        dev.forEach(m -> assertEquals("bindery-dev", m.resource().getMetadata().getNamespace(), m.source()));
        ConfigMap config = configMap(dev, "bindery-config");
        assertTrue(config.getData().get("QUARKUS_DATASOURCE_JDBC_URL").contains("bindery-dev"), config.getData().toString());
        // the generated Secrets are found under their hashed names
        String secretName = Manifests.ofType(dev, Secret.class).stream().map(s -> s.getMetadata().getName())
                .filter(n -> n.startsWith("bindery-secrets-")).findFirst().orElseThrow();
        Deployment identity = HelmChartTest.deployment(dev, "bindery-identity");
        assertEquals(secretName, HelmChartTest.env(identity.getSpec().getTemplate().getSpec().getContainers().getFirst(),
                "BINDERY_SERVICE_SECRET").getValueFrom().getSecretKeyRef().getName());
    }

    @Test
    void prodOverlayBuilds() throws Exception {
        List<Manifest> prod = kustomize("overlays/prod");
        if (prod == null) {
            return;
        }
        WorkloadChecks.checkAll(prod, "k8s/overlays/prod");
        assertTrue(Manifests.ofType(prod, Secret.class).isEmpty(), "production Secrets come from the cluster's secret store");
        for (Deployment d : Manifests.ofType(prod, Deployment.class)) {
            String image = d.getSpec().getTemplate().getSpec().getContainers().getFirst().getImage();
            assertTrue(image.startsWith("registry.example.com/bindery/") && image.endsWith(":0.1.0"), image);
            if (!d.getMetadata().getName().equals("bindery-gateway")) {
                assertEquals(2, d.getSpec().getReplicas(), d.getMetadata().getName());
            }
        }
        Ingress ingress = Manifests.ofType(prod, Ingress.class).getFirst();
        assertEquals("api.docs.example.com", ingress.getSpec().getRules().getFirst().getHost());
        assertEquals("api.docs.example.com", configMap(prod, "bindery-gateway").getData().get("BINDERY_GATEWAY_API_HOSTS"));
    }

    /** kubectl's built-in Kustomize, offline; null (and the build is skipped) where kubectl is not installed. */
    static List<Manifest> kustomize(String dir) throws Exception {
        Path kubectl = Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                .map(p -> Path.of(p, "kubectl")).filter(Files::isExecutable).findFirst().orElse(null);
        if (kubectl == null) {
            System.out.println("kubectl not installed: k8s/" + dir + " is parsed file by file only");
            return null;
        }
        Process p = new ProcessBuilder(kubectl.toString(), "kustomize", K8S.resolve(dir).toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), "kubectl kustomize k8s/" + dir);
        return Manifests.parseAll(out, "kubectl kustomize k8s/" + dir);
    }

    static ConfigMap configMap(List<Manifest> manifests, String prefix) {
        return Manifests.ofType(manifests, ConfigMap.class).stream()
                .filter(c -> c.getMetadata().getName().equals(prefix) || c.getMetadata().getName().startsWith(prefix + "-"))
                .findFirst().orElseThrow(() -> new AssertionError("no ConfigMap " + prefix));
    }
}
