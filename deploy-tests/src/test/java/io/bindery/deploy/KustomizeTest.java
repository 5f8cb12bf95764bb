package io.bindery.deploy;

import io.bindery.deploy.Manifests.Manifest;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

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
 * k8s/: a Kustomize base that is the chart rendered with fixed values (Secrets referenced by name, made by the
 * overlays or by the cluster's secret store), and the overlays dev and prod. There is no Kustomize in Java (fabric8
 * has none, helm-java neither), so every YAML file under k8s/ is parsed strictly; where kubectl is installed its
 * built-in Kustomize also builds both overlays, and the builds pass the same checks as the chart.
 */
class KustomizeTest {
    static final Path K8S = HelmChartTest.REPO.resolve("k8s");
    static final Path BASE = K8S.resolve("base/bindery.yaml");
    /** The values the base is rendered with: everything an overlay may change sits in a ConfigMap or a name. */
    static final Map<String, String> BASE_VALUES = baseValues();

    static FakeKubernetesApi api;

    @BeforeAll
    static void startApi() {
        api = new FakeKubernetesApi();
    }

    @AfterAll
    static void stopApi() {
        api.close();
    }

    private static Map<String, String> baseValues() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("fullnameOverride", "bindery");
        v.put("secrets.existingSecret", "bindery-secrets");
        v.put("postgresql.auth.existingSecret", "bindery-db");
        return v;
    }

    /**
     * The chart's output without Helm's own labels, its template comments and the config checksum (Kustomize's
     * generators and patches take their place).
     */
    static String baseFromChart() {
        // helm-java's template leaves hooks out: `helm test`'s pod is not in the base
        String rendered = HelmChartTest.render(null, BASE_VALUES);
        List<String> out = new ArrayList<>();
        out.add("# Generated from helm/bindery: do not edit; KustomizeTest checks it. To regenerate:");
        out.add("#   ./mvnw -o -pl deploy-tests test -Dtest=KustomizeTest -Dbindery.k8s.write=true");
        List<String> lines = rendered.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String t = line.strip();
            if (t.startsWith("# Source:") || t.startsWith("helm.sh/chart:") || t.equals("app.kubernetes.io/managed-by: Helm")
                    || t.startsWith("checksum/config:") || t.equals("# a changed setting rolls the pods")) {
                continue;
            }
            if (t.equals("annotations:")) {
                int indent = line.indexOf('a');
                String next = lines.stream().skip(i + 1).filter(l -> !isDropped(l)).findFirst().orElse("");
                int nextIndent = next.length() - next.stripLeading().length();
                if (nextIndent <= indent) {
                    continue;
                }
            }
            out.add(line);
        }
        return String.join("\n", out) + "\n";
    }

    private static boolean isDropped(String line) {
        String t = line.strip();
        return t.startsWith("checksum/config:") || t.equals("# a changed setting rolls the pods");
    }

    @Test
    void baseIsTheChartRendered() throws IOException {
        String expected = baseFromChart();
        if (Boolean.getBoolean("bindery.k8s.write")) {
            Files.writeString(BASE, expected, StandardCharsets.UTF_8);
        }
        assertTrue(Files.exists(BASE), "k8s/base/bindery.yaml is missing: run with -Dbindery.k8s.write=true");
        assertEquals(expected, Files.readString(BASE), "k8s/base/bindery.yaml differs from the chart: regenerate it (see its first lines)");
        List<Manifest> base = Manifests.parseAll(expected, "k8s/base");
        assertTrue(Manifests.ofType(base, Secret.class).isEmpty(), "the base carries no secret");
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
