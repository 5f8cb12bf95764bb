package io.bindery.deploy;

import io.bindery.deploy.Manifests.Manifest;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The link between the hand-written chart and what quarkus-kubernetes generates from each module's configuration:
 * rendered with the values k8s/base uses, every component's pod (image, ports, the three SmallRye Health probes and
 * their timing, environment names with their values or Secret references, ConfigMaps, resources, security contexts,
 * volumes, the migrate init container) and its Service are the same in both. A probe, port or variable changed on
 * one side only fails here.
 */
class GeneratedManifestsTest {
    @RegisterExtension
    static final FakeKubernetesApi api = new FakeKubernetesApi();

    @Test
    void chartPodsAreTheGeneratedOnes() {
        List<Manifest> chart = HelmChartTest.renderParsed(null, KustomizeTest.BASE_VALUES);
        List<String> problems = new ArrayList<>();
        GeneratedManifests.MODULES.forEach((module, component) -> {
            List<Manifest> generated = GeneratedManifests.parsed(module);
            String name = "bindery-" + component;
            Deployment fromChart = HelmChartTest.deployment(chart, name);
            Deployment fromBuild = HelmChartTest.deployment(generated, name);
            Map<String, Object> expected = pod(fromChart);
            Map<String, Object> actual = pod(fromBuild);
            expected.forEach((k, v) -> {
                if (!v.equals(actual.get(k))) {
                    problems.add(module + " " + k + ":\n      chart     " + v + "\n      generated " + actual.get(k));
                }
            });
            assertEquals(expected.keySet(), actual.keySet(), module);
            assertEquals(service(chart, name, fromChart), service(generated, name, fromBuild), module + " Service");
            // the generated pods carry the labels the chart's NetworkPolicies and PodDisruptionBudgets select
            Map<String, String> labels = fromBuild.getSpec().getTemplate().getMetadata().getLabels();
            assertEquals(component, labels.get("app.kubernetes.io/component"), module);
            assertEquals("bindery", labels.get("app.kubernetes.io/instance"), module);
            assertEquals("bindery", labels.get("app.kubernetes.io/part-of"), module);
        });
        assertTrue(problems.isEmpty(), () -> "the chart and quarkus-kubernetes disagree:\n  " + String.join("\n  ", problems));
    }

    @Test
    void generatedManifestsAreOnlyWorkloads() {
        for (String module : GeneratedManifests.MODULES.keySet()) {
            List<Manifest> generated = GeneratedManifests.parsed(module);
            assertEquals(List.of("Service", "Deployment"), generated.stream().map(Manifest::kind).toList(), module);
            Deployment d = Manifests.ofType(generated, Deployment.class).getFirst();
            assertEquals(null, d.getSpec().getReplicas(), module + ": replicas are the overlays' or an autoscaler's");
            assertTrue(d.getMetadata().getAnnotations().keySet().stream().noneMatch(a -> a.contains("build-timestamp") || a.contains("commit-id")),
                    module + ": the generated manifests change only with the configuration");
        }
    }

    /** The comparison sees a probe's timing, a variable's Secret reference and a volume's option. */
    @Test
    void aDifferenceIsSeen() {
        List<Manifest> chart = HelmChartTest.renderParsed(null, KustomizeTest.BASE_VALUES);
        Map<String, Object> expected = pod(HelmChartTest.deployment(chart, "bindery-identity"));
        Deployment probe = HelmChartTest.deployment(HelmChartTest.renderParsed(null, KustomizeTest.BASE_VALUES), "bindery-identity");
        probe.getSpec().getTemplate().getSpec().getContainers().getFirst().getReadinessProbe().setPeriodSeconds(7);
        assertNotEquals(expected, pod(probe));
        Deployment env = HelmChartTest.deployment(HelmChartTest.renderParsed(null, KustomizeTest.BASE_VALUES), "bindery-identity");
        env.getSpec().getTemplate().getSpec().getInitContainers().getFirst().getEnv().stream()
                .filter(e -> e.getName().equals("QUARKUS_DATASOURCE_PASSWORD")).findFirst().orElseThrow()
                .getValueFrom().getSecretKeyRef().setKey("content-password");
        assertNotEquals(expected, pod(env));
        Deployment volume = HelmChartTest.deployment(HelmChartTest.renderParsed(null, KustomizeTest.BASE_VALUES), "bindery-identity");
        volume.getSpec().getTemplate().getSpec().getVolumes().stream().filter(v -> v.getName().equals("signing-key")).findFirst()
                .orElseThrow().getSecret().setOptional(false);
        assertNotEquals(expected, pod(volume));
        assertEquals(expected, pod(HelmChartTest.deployment(HelmChartTest.renderParsed(null, KustomizeTest.BASE_VALUES), "bindery-identity")));
    }

    /** What must be the same in the chart and in the generated manifests, by name. */
    static Map<String, Object> pod(Deployment d) {
        PodSpec spec = d.getSpec().getTemplate().getSpec();
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("strategy", d.getSpec().getStrategy());
        facts.put("revisionHistoryLimit", d.getSpec().getRevisionHistoryLimit());
        facts.put("pod.securityContext", spec.getSecurityContext());
        facts.put("pod.serviceAccountName", spec.getServiceAccountName());
        facts.put("pod.automountServiceAccountToken", spec.getAutomountServiceAccountToken());
        facts.put("pod.enableServiceLinks", spec.getEnableServiceLinks());
        facts.put("pod.terminationGracePeriodSeconds", spec.getTerminationGracePeriodSeconds());
        facts.put("pod.volumes", spec.getVolumes().stream().collect(Collectors.toMap(v -> v.getName(), v -> v, (a, b) -> a, TreeMap::new)));
        assertEquals(1, spec.getContainers().size(), d.getMetadata().getName());
        container("container", spec.getContainers().getFirst(), facts);
        facts.put("initContainers", spec.getInitContainers().stream().map(Container::getName).toList());
        for (Container init : spec.getInitContainers()) {
            container("initContainer " + init.getName(), init, facts);
        }
        return facts;
    }

    private static void container(String prefix, Container c, Map<String, Object> facts) {
        facts.put(prefix + ".image", c.getImage());
        facts.put(prefix + ".imagePullPolicy", c.getImagePullPolicy());
        facts.put(prefix + ".ports", c.getPorts().stream().map(p -> p.getName() + "=" + p.getContainerPort() + "/" + p.getProtocol()).toList());
        facts.put(prefix + ".startupProbe", probe(c, c.getStartupProbe()));
        facts.put(prefix + ".livenessProbe", probe(c, c.getLivenessProbe()));
        facts.put(prefix + ".readinessProbe", probe(c, c.getReadinessProbe()));
        Map<String, String> env = new TreeMap<>();
        for (EnvVar e : c.getEnv()) {
            env.put(e.getName(), e.getValue() != null ? "value " + e.getValue()
                    : e.getValueFrom().getSecretKeyRef() != null
                    ? "secret " + e.getValueFrom().getSecretKeyRef().getName() + "/" + e.getValueFrom().getSecretKeyRef().getKey()
                    : String.valueOf(e.getValueFrom()));
        }
        facts.put(prefix + ".env", env);
        facts.put(prefix + ".envFrom", c.getEnvFrom().stream().map(EnvFromSource::getConfigMapRef).map(r -> r == null ? "?" : r.getName()).toList());
        facts.put(prefix + ".resources", c.getResources());
        facts.put(prefix + ".securityContext", c.getSecurityContext());
        facts.put(prefix + ".volumeMounts", c.getVolumeMounts().stream().map(m -> m.getName() + "@" + m.getMountPath() + (Boolean.TRUE.equals(m.getReadOnly()) ? " ro" : ""))
                .sorted().toList());
    }

    /** A probe as "GET path port=8080 every/timeout/failures/delay" with a named port resolved. */
    private static String probe(Container c, Probe p) {
        if (p == null) {
            return "none";
        }
        return "GET " + p.getHttpGet().getPath() + " port=" + port(c, p.getHttpGet().getPort())
                + " period=" + p.getPeriodSeconds() + " timeout=" + p.getTimeoutSeconds() + " failures=" + p.getFailureThreshold()
                + " delay=" + (p.getInitialDelaySeconds() == null ? 0 : p.getInitialDelaySeconds());
    }

    private static int port(Container c, IntOrString port) {
        if (port.getIntVal() != null) {
            return port.getIntVal();
        }
        return c.getPorts().stream().filter(p -> port.getStrVal().equals(p.getName())).map(ContainerPort::getContainerPort)
                .findFirst().orElseThrow(() -> new AssertionError("no port " + port.getStrVal()));
    }

    private static List<String> service(List<Manifest> manifests, String name, Deployment d) {
        Service s = Manifests.ofType(manifests, Service.class).stream().filter(x -> x.getMetadata().getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no Service " + name));
        Container c = d.getSpec().getTemplate().getSpec().getContainers().getFirst();
        List<String> ports = new ArrayList<>();
        for (ServicePort p : s.getSpec().getPorts()) {
            ports.add(p.getName() + " " + p.getPort() + "->" + port(c, p.getTargetPort()) + "/" + p.getProtocol());
        }
        ports.add(s.getSpec().getType());
        return ports;
    }
}
