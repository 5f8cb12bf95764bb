package io.bindery.deploy;

import io.bindery.deploy.Manifests.Manifest;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HTTPGetAction;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What every rendering of Bindery (the chart with any values, the Kustomize overlays) must satisfy. Each check
 * collects every offender, so one failing run names them all.
 */
final class WorkloadChecks {
    /** The gateway and the seven services. */
    static final Set<String> COMPONENTS = Set.of("gateway", "identity", "content", "review", "sites", "openapi",
            "integrations", "insights");
    private static final String COMPONENT = "app.kubernetes.io/component";
    private static final Pattern SECRET_LIKE = Pattern.compile("(?i).*(SECRET|PASSWORD|TOKEN|JAAS|CREDENTIAL).*");

    private WorkloadChecks() {
    }

    static void checkAll(List<Manifest> manifests, String what) {
        List<String> problems = new ArrayList<>();
        List<Deployment> deployments = Manifests.ofType(manifests, Deployment.class);
        Set<String> components = new HashSet<>();
        deployments.forEach(d -> components.add(Manifests.podLabels(d).get(COMPONENT)));
        if (!components.equals(COMPONENTS)) {
            problems.add("deployments of " + components + ", expected " + COMPONENTS);
        }
        for (Deployment d : deployments) {
            probes(d, problems);
            coveredByNetworkPolicy(d, manifests, problems);
            coveredByPdb(d, manifests, problems);
            exposedByService(d, manifests, problems);
        }
        for (Job job : Manifests.ofType(manifests, Job.class)) {
            requests(job, problems);
        }
        for (Deployment d : deployments) {
            requests(d, problems);
        }
        autoscalers(manifests, problems);
        noSecretInPlainText(manifests, problems);
        if (!problems.isEmpty()) {
            throw new AssertionError(what + ":\n  " + String.join("\n  ", problems));
        }
    }

    private static void probes(Deployment d, List<String> problems) {
        for (Container c : d.getSpec().getTemplate().getSpec().getContainers()) {
            String where = "Deployment " + d.getMetadata().getName() + " container " + c.getName();
            checkProbe(where + " livenessProbe", c.getLivenessProbe(), "/q/health/live", problems);
            checkProbe(where + " readinessProbe", c.getReadinessProbe(), "/q/health/ready", problems);
        }
    }

    private static void checkProbe(String where, Probe probe, String path, List<String> problems) {
        HTTPGetAction get = probe == null ? null : probe.getHttpGet();
        if (get == null) {
            problems.add(where + ": missing (an HTTP GET of " + path + ")");
        } else if (!path.equals(get.getPath())) {
            problems.add(where + ": path " + get.getPath() + ", expected " + path);
        }
    }

    private static void requests(HasMetadata workload, List<String> problems) {
        PodSpec spec = Manifests.podSpec(workload);
        Manifests.allContainers(spec).forEach(c -> {
            Map<String, Quantity> requests = c.getResources() == null ? null : c.getResources().getRequests();
            if (requests == null || !requests.containsKey("cpu") || !requests.containsKey("memory")) {
                problems.add(workload.getKind() + " " + workload.getMetadata().getName() + " container " + c.getName()
                        + ": no cpu and memory requests");
            }
            if (c.getResources() == null || c.getResources().getLimits() == null
                    || !c.getResources().getLimits().containsKey("memory")) {
                problems.add(workload.getKind() + " " + workload.getMetadata().getName() + " container " + c.getName()
                        + ": no memory limit");
            }
        });
    }

    private static void coveredByNetworkPolicy(Deployment d, List<Manifest> manifests, List<String> problems) {
        Map<String, String> labels = Manifests.podLabels(d);
        boolean gateway = "gateway".equals(labels.get(COMPONENT));
        List<NetworkPolicy> selecting = Manifests.ofType(manifests, NetworkPolicy.class).stream()
                .filter(np -> np.getSpec().getPolicyTypes().contains("Ingress"))
                .filter(np -> Manifests.selects(np.getSpec().getPodSelector(), labels))
                .toList();
        if (selecting.isEmpty()) {
            problems.add("Deployment " + d.getMetadata().getName() + ": no NetworkPolicy selects its pods");
            return;
        }
        boolean openToOutside = false;
        for (NetworkPolicy np : selecting) {
            for (NetworkPolicyIngressRule rule : np.getSpec().getIngress()) {
                boolean outside = rule.getFrom() == null || rule.getFrom().isEmpty()
                        || rule.getFrom().stream().anyMatch(p -> p.getIpBlock() != null || p.getNamespaceSelector() != null);
                if (!gateway) {
                    for (NetworkPolicyPeer peer : rule.getFrom() == null ? List.<NetworkPolicyPeer>of() : rule.getFrom()) {
                        boolean releasePods = peer.getNamespaceSelector() == null && peer.getIpBlock() == null
                                && peer.getPodSelector() != null && peer.getPodSelector().getMatchLabels() != null
                                && peer.getPodSelector().getMatchLabels().containsKey("app.kubernetes.io/instance");
                        // another namespace named explicitly (the monitoring one, scraping /q/metrics)
                        boolean namedNamespace = peer.getNamespaceSelector() != null && peer.getIpBlock() == null
                                && peer.getNamespaceSelector().getMatchLabels() != null
                                && peer.getNamespaceSelector().getMatchLabels().containsKey("kubernetes.io/metadata.name");
                        if (!releasePods && !namedNamespace) {
                            problems.add("Deployment " + d.getMetadata().getName() + ": NetworkPolicy "
                                    + np.getMetadata().getName() + " lets in " + peer);
                        }
                    }
                    if (rule.getFrom() == null || rule.getFrom().isEmpty()) {
                        problems.add("Deployment " + d.getMetadata().getName() + ": NetworkPolicy "
                                + np.getMetadata().getName() + " lets in anyone");
                    }
                }
                openToOutside |= outside;
            }
        }
        if (gateway && !openToOutside) {
            problems.add("the gateway is not reachable from outside the release");
        }
    }

    private static void coveredByPdb(Deployment d, List<Manifest> manifests, List<String> problems) {
        Map<String, String> labels = Manifests.podLabels(d);
        if (Manifests.ofType(manifests, PodDisruptionBudget.class).stream()
                .noneMatch(pdb -> Manifests.selects(pdb.getSpec().getSelector(), labels))) {
            problems.add("Deployment " + d.getMetadata().getName() + ": no PodDisruptionBudget selects its pods");
        }
    }

    private static void exposedByService(Deployment d, List<Manifest> manifests, List<String> problems) {
        Map<String, String> labels = Manifests.podLabels(d);
        if (Manifests.ofType(manifests, Service.class).stream().noneMatch(s -> s.getSpec().getSelector() != null
                && labels.entrySet().containsAll(s.getSpec().getSelector().entrySet()))) {
            problems.add("Deployment " + d.getMetadata().getName() + ": no Service selects its pods");
        }
    }

    private static void autoscalers(List<Manifest> manifests, List<String> problems) {
        for (HorizontalPodAutoscaler hpa : Manifests.ofType(manifests, HorizontalPodAutoscaler.class)) {
            String target = hpa.getSpec().getScaleTargetRef().getName();
            Deployment d = Manifests.ofType(manifests, Deployment.class).stream()
                    .filter(x -> x.getMetadata().getName().equals(target)).findFirst().orElse(null);
            if (d == null) {
                problems.add("HorizontalPodAutoscaler " + hpa.getMetadata().getName() + ": no Deployment " + target);
            } else if (d.getSpec().getReplicas() != null) {
                problems.add("Deployment " + target + ": sets replicas although an autoscaler owns them");
            }
        }
    }

    /** No Secret value in a ConfigMap or in a literal environment value; secret-looking variables by reference. */
    private static void noSecretInPlainText(List<Manifest> manifests, List<String> problems) {
        Set<String> secretValues = new HashSet<>();
        for (Secret s : Manifests.ofType(manifests, Secret.class)) {
            if (s.getData() != null) {
                s.getData().values().forEach(v -> secretValues.add(new String(Base64.getDecoder().decode(v), StandardCharsets.UTF_8)));
            }
            if (s.getStringData() != null) {
                secretValues.addAll(s.getStringData().values());
            }
        }
        // user names are Secret data too, but short and not secret (bindery_content): only values that could be keys
        secretValues.removeIf(v -> v.length() < 20);
        for (ConfigMap cm : Manifests.ofType(manifests, ConfigMap.class)) {
            if (cm.getData() == null) {
                continue;
            }
            cm.getData().forEach((k, v) -> {
                for (String secret : secretValues) {
                    if (v.contains(secret)) {
                        problems.add("ConfigMap " + cm.getMetadata().getName() + " key " + k + " holds a Secret's value");
                    }
                }
                if (SECRET_LIKE.matcher(k).matches()) {
                    problems.add("ConfigMap " + cm.getMetadata().getName() + " key " + k + " looks like a secret");
                }
            });
        }
        for (Manifest m : manifests) {
            PodSpec spec = Manifests.podSpec(m.resource());
            if (spec == null) {
                continue;
            }
            Manifests.allContainers(spec).forEach(c -> {
                for (EnvVar env : c.getEnv()) {
                    if (env.getValue() == null) {
                        continue;
                    }
                    String where = m.kind() + " " + m.name() + " container " + c.getName() + " env " + env.getName();
                    if (secretValues.stream().anyMatch(env.getValue()::contains)) {
                        problems.add(where + " holds a Secret's value");
                    }
                    // a literal is fine only when it merely assembles other variables, e.g. $(KAFKA_SASL_PASSWORD)
                    if (SECRET_LIKE.matcher(env.getName()).matches() && !env.getName().endsWith("_FILE")
                            && !env.getValue().contains("$(")) {
                        problems.add(where + " is a literal; secrets come from a secretKeyRef");
                    }
                }
            });
        }
    }
}
