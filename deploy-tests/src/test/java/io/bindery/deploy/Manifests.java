package io.bindery.deploy;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.LabelSelector;
import io.fabric8.kubernetes.api.model.LabelSelectorRequirement;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Rendered manifests, parsed strictly with fabric8's models. fabric8 keeps a field it does not know in each
 * object's {@code additionalProperties} instead of failing, so "strict" here is: every document maps to a typed
 * model class (not {@link GenericKubernetesResource}), and no object anywhere in it has additional properties, so
 * a misspelt or misplaced field (a probe under the pod instead of the container, {@code replica:}) fails the test.
 */
final class Manifests {
    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

    private Manifests() {
    }

    /** One parsed document and where it came from. */
    record Manifest(String source, HasMetadata resource) {
        String kind() {
            return resource.getKind();
        }

        String name() {
            return resource.getMetadata().getName();
        }
    }

    static List<Manifest> parseAll(String multiDocumentYaml, String origin) {
        List<Manifest> out = new ArrayList<>();
        int index = 0;
        for (String doc : multiDocumentYaml.split("(?m)^---\\s*$")) {
            index++;
            if (doc.lines().allMatch(l -> l.isBlank() || l.stripLeading().startsWith("#"))) {
                continue;
            }
            String source = origin + " #" + index + sourceComment(doc);
            Object parsed;
            try {
                parsed = SERIALIZATION.unmarshal(doc);
            } catch (RuntimeException e) {
                throw new AssertionError(source + ": does not parse: " + e.getMessage(), e);
            }
            if (!(parsed instanceof HasMetadata resource) || parsed instanceof GenericKubernetesResource) {
                throw new AssertionError(source + ": no typed fabric8 model for this kind: " + doc.strip().lines().limit(4).toList());
            }
            List<String> unknown = new ArrayList<>();
            findUnknownFields(resource, resource.getKind(), unknown);
            if (!unknown.isEmpty()) {
                throw new AssertionError(source + " (" + resource.getKind() + " " + resource.getMetadata().getName()
                        + "): unknown fields " + unknown);
            }
            out.add(new Manifest(source, resource));
        }
        return out;
    }

    private static String sourceComment(String doc) {
        return doc.lines().filter(l -> l.startsWith("# Source: ")).findFirst().map(l -> " (" + l.substring(10) + ")").orElse("");
    }

    /** Walks the model's getters; any non-empty additionalProperties is a field the model does not know. */
    static void findUnknownFields(Object node, String path, List<String> unknown) {
        if (node == null) {
            return;
        }
        if (node instanceof Collection<?> c) {
            int i = 0;
            for (Object o : c) {
                findUnknownFields(o, path + "[" + i++ + "]", unknown);
            }
            return;
        }
        if (node instanceof Map<?, ?> m) {
            m.forEach((k, v) -> findUnknownFields(v, path + "." + k, unknown));
            return;
        }
        if (!node.getClass().getName().startsWith("io.fabric8.")) {
            return;
        }
        for (Method getter : node.getClass().getMethods()) {
            if (getter.getParameterCount() != 0 || Modifier.isStatic(getter.getModifiers())
                    || !getter.getName().startsWith("get") || getter.getDeclaringClass() == Object.class) {
                continue;
            }
            Object value;
            try {
                value = getter.invoke(node);
            } catch (IllegalAccessException | InvocationTargetException e) {
                continue;
            }
            if (getter.getName().equals("getAdditionalProperties")) {
                if (value instanceof Map<?, ?> extra && !extra.isEmpty()) {
                    extra.keySet().forEach(k -> unknown.add(path + "." + k));
                }
                continue;
            }
            String field = Character.toLowerCase(getter.getName().charAt(3)) + getter.getName().substring(4);
            findUnknownFields(value, path + "." + field, unknown);
        }
    }

    static <T extends HasMetadata> List<T> ofType(List<Manifest> manifests, Class<T> type) {
        return manifests.stream().map(Manifest::resource).filter(type::isInstance).map(type::cast).toList();
    }

    /** The pod spec of a workload (Deployment, Job), or null for other kinds. */
    static PodSpec podSpec(HasMetadata workload) {
        if (workload instanceof Deployment d) {
            return d.getSpec().getTemplate().getSpec();
        }
        if (workload instanceof Job j) {
            return j.getSpec().getTemplate().getSpec();
        }
        return null;
    }

    static Map<String, String> podLabels(HasMetadata workload) {
        if (workload instanceof Deployment d) {
            return d.getSpec().getTemplate().getMetadata().getLabels();
        }
        if (workload instanceof Job j) {
            return j.getSpec().getTemplate().getMetadata().getLabels();
        }
        return Map.of();
    }

    static Stream<Container> allContainers(PodSpec spec) {
        return Stream.concat(spec.getInitContainers().stream(), spec.getContainers().stream());
    }

    /** Kubernetes' label selector semantics (an empty selector selects everything). */
    static boolean selects(LabelSelector selector, Map<String, String> labels) {
        if (selector == null) {
            return false;
        }
        if (selector.getMatchLabels() != null) {
            for (Map.Entry<String, String> e : selector.getMatchLabels().entrySet()) {
                if (!e.getValue().equals(labels.get(e.getKey()))) {
                    return false;
                }
            }
        }
        if (selector.getMatchExpressions() != null) {
            for (LabelSelectorRequirement r : selector.getMatchExpressions()) {
                String value = labels.get(r.getKey());
                Set<String> values = r.getValues() == null ? Set.of() : Set.copyOf(r.getValues());
                boolean ok = switch (r.getOperator()) {
                    case "In" -> value != null && values.contains(value);
                    case "NotIn" -> value == null || !values.contains(value);
                    case "Exists" -> value != null;
                    case "DoesNotExist" -> value == null;
                    default -> throw new AssertionError("unknown selector operator " + r.getOperator());
                };
                if (!ok) {
                    return false;
                }
            }
        }
        return true;
    }
}
