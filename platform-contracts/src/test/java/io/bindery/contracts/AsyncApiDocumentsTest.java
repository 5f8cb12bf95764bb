package io.bindery.contracts;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.contracts.sites.SitesEventTypes;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The services' asyncapi.yaml documents (served at /asyncapi.yaml) checked against the contracts, so that a
 * renamed event type or payload field cannot leave the documents behind:
 * <ul>
 * <li>a producer documents exactly the event types of its types class, on that class's topic;</li>
 * <li>a consumer's document lists only types its producer has, under the producer's topic;</li>
 * <li>where the types class maps a type to its payload record ({@code PAYLOADS}), the record's fields are the
 *     documented schema's properties (all of them, or, for a record that reads a subset of a larger view and says so
 *     with {@code @JsonIgnoreProperties(ignoreUnknown = true)}, some of them), and every required property of the
 *     schema is in a full record.</li>
 * </ul>
 */
class AsyncApiDocumentsTest {
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /** Producer service and its types class. */
    static Stream<Object[]> producers() {
        return Stream.of(new Object[]{"identity-service", IdentityEventTypes.class},
                new Object[]{"content-service", ContentEventTypes.class},
                new Object[]{"review-service", ReviewEventTypes.class},
                new Object[]{"sites-service", SitesEventTypes.class},
                new Object[]{"integrations-service", io.bindery.contracts.integrations.IntegrationsEventTypes.class},
                new Object[]{"openapi-service", io.bindery.contracts.openapi.OpenApiEventTypes.class});
    }

    static JsonNode document(String service) throws IOException {
        return YAML.readTree(Files.readString(ROOT.resolve(service + "/src/main/resources/META-INF/resources/asyncapi.yaml")));
    }

    /** The event type constants of a types class (its public static String fields but TOPIC). */
    static Set<String> types(Class<?> typesClass) throws IllegalAccessException {
        Set<String> types = new TreeSet<>();
        for (Field f : typesClass.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class && !f.getName().equals("TOPIC")) {
                types.add((String) f.get(null));
            }
        }
        return types;
    }

    static String topic(Class<?> typesClass) throws ReflectiveOperationException {
        return (String) typesClass.getField("TOPIC").get(null);
    }

    /** Message name (the event type) to its message object, for the channel at {@code address}. */
    static Map<String, JsonNode> messages(JsonNode doc, String address) {
        Map<String, JsonNode> byType = new LinkedHashMap<>();
        doc.path("channels").forEach(channel -> {
            if (channel.path("address").asText().equals(address)) {
                channel.path("messages").forEach(ref -> {
                    JsonNode message = resolve(doc, ref.path("$ref").asText());
                    byType.put(message.path("name").asText(), message);
                });
            }
        });
        return byType;
    }

    static JsonNode resolve(JsonNode doc, String ref) {
        return doc.at(ref.substring(1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("producers")
    void aProducerDocumentsExactlyItsEventTypes(String service, Class<?> typesClass) throws Exception {
        Map<String, JsonNode> documented = messages(document(service), topic(typesClass));
        assertEquals(types(typesClass), new TreeSet<>(documented.keySet()),
                service + "'s asyncapi.yaml and " + typesClass.getSimpleName() + " name different event types");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("producers")
    void consumersListOnlyTypesTheProducerHas(String producer, Class<?> typesClass) throws Exception {
        Set<String> known = types(typesClass);
        for (String consumer : List.of("identity-service", "content-service", "review-service", "sites-service")) {
            if (consumer.equals(producer)) {
                continue;
            }
            Set<String> listed = messages(document(consumer), topic(typesClass)).keySet();
            for (String type : listed) {
                assertTrue(known.contains(type), consumer + "'s asyncapi.yaml lists " + type + ", which "
                        + typesClass.getSimpleName() + " does not have");
            }
        }
    }

    /**
     * A record may serve several types (content's PermissionChanged: space or collection, set or removed); its
     * fields must then be among the properties of all their schemas together, and each schema's required ones in it.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("producers")
    void payloadRecordsMatchTheDocumentedSchemas(String service, Class<?> typesClass) throws Exception {
        Map<String, Class<?>> payloads = payloads(typesClass);
        JsonNode doc = document(service);
        Map<String, JsonNode> documented = messages(doc, topic(typesClass));
        List<String> problems = new ArrayList<>();
        Map<Class<?>, Set<String>> propertiesByRecord = new LinkedHashMap<>();
        for (Map.Entry<String, Class<?>> e : payloads.entrySet()) {
            JsonNode message = documented.get(e.getKey());
            if (message == null) {
                problems.add(e.getKey() + " has a payload record but is not documented");
                continue;
            }
            JsonNode schema = dataSchema(doc, message);
            Set<String> properties = propertiesByRecord.computeIfAbsent(e.getValue(), k -> new TreeSet<>());
            schema.path("properties").fieldNames().forEachRemaining(properties::add);
            Set<String> fields = jsonFields(e.getValue());
            boolean subset = e.getValue().isAnnotationPresent(JsonIgnoreProperties.class)
                    && e.getValue().getAnnotation(JsonIgnoreProperties.class).ignoreUnknown();
            if (!subset) {
                schema.path("required").forEach(r -> {
                    if (!fields.contains(r.asText())) {
                        problems.add(e.getKey() + ": required " + r.asText() + " is not a field of " + e.getValue().getSimpleName());
                    }
                });
            }
        }
        propertiesByRecord.forEach((record, properties) -> {
            for (String field : jsonFields(record)) {
                if (!properties.contains(field)) {
                    problems.add(record.getSimpleName() + "." + field + " is in no documented data of its types " + properties);
                }
            }
        });
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /** The {@code data} schema of a message: payload.allOf[*].properties.data, its $ref resolved. */
    static JsonNode dataSchema(JsonNode doc, JsonNode message) {
        for (JsonNode part : message.path("payload").path("allOf")) {
            JsonNode data = part.path("properties").path("data");
            if (!data.isMissingNode()) {
                return data.has("$ref") ? resolve(doc, data.path("$ref").asText()) : data;
            }
        }
        throw new AssertionError("message " + message.path("name").asText() + " documents no data schema");
    }

    @SuppressWarnings("unchecked")
    static Map<String, Class<?>> payloads(Class<?> typesClass) throws IllegalAccessException {
        try {
            return (Map<String, Class<?>>) typesClass.getField("PAYLOADS").get(null);
        } catch (NoSuchFieldException none) {
            return Map.of();
        }
    }

    /** The JSON names of a record's components (an {@code @JsonProperty} name wins). */
    static Set<String> jsonFields(Class<?> record) {
        Set<String> names = new TreeSet<>();
        for (RecordComponent c : record.getRecordComponents()) {
            JsonProperty p = c.getAccessor().getAnnotation(JsonProperty.class);
            if (p == null && c.getAnnotation(JsonProperty.class) != null) {
                p = c.getAnnotation(JsonProperty.class);
            }
            names.add(p != null && !p.value().isEmpty() ? p.value() : c.getName());
        }
        return names;
    }
}
