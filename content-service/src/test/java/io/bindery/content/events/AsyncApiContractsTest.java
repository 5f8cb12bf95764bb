package io.bindery.content.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.bindery.contracts.content.ChangeRequestContentUpdated;
import io.bindery.contracts.content.CollectionChanged;
import io.bindery.contracts.content.PermissionChanged;
import io.bindery.contracts.content.SpaceChanged;
import io.bindery.contracts.content.SpaceContentUpdated;
import io.bindery.contracts.content.SpacePurged;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * content's asyncapi.yaml is checked against the event records of io.bindery.contracts.content: a bespoke payload
 * (what content builds as the record) has exactly the fields of its schemas, and a view payload's record (what
 * consumers read of the public view) names only fields that the schema documents.
 */
class AsyncApiContractsTest {

    static Stream<Arguments> payloads() {
        return Stream.of(
                Arguments.of(PermissionChanged.class, List.of("SpacePermission", "SpacePermissionRemoved", "CollectionPermission",
                        "CollectionPermissionRemoved"), true),
                Arguments.of(SpaceContentUpdated.class, List.of("SpaceContentUpdated"), true),
                Arguments.of(ChangeRequestContentUpdated.class, List.of("ChangeRequestContentUpdated"), true),
                Arguments.of(SpacePurged.class, List.of("SpacePurged"), true),
                Arguments.of(SpaceChanged.class, List.of("Space"), false),
                Arguments.of(CollectionChanged.class, List.of("Collection"), false));
    }

    @ParameterizedTest
    @MethodSource("payloads")
    void recordsAndSchemasAgree(Class<? extends Record> record, List<String> schemas, boolean exact) throws Exception {
        JsonNode components;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/resources/asyncapi.yaml")) {
            assertNotNull(in, "asyncapi.yaml");
            components = new YAMLMapper().readTree(in).path("components").path("schemas");
        }
        Set<String> documented = new TreeSet<>();
        for (String schema : schemas) {
            JsonNode properties = components.path(schema).path("properties");
            assertTrue(properties.isObject(), "no schema " + schema);
            properties.fieldNames().forEachRemaining(documented::add);
        }
        Set<String> fields = new TreeSet<>(Arrays.stream(record.getRecordComponents()).map(RecordComponent::getName).toList());
        if (exact) {
            assertEquals(documented, fields, record.getSimpleName() + " against " + schemas);
        } else {
            assertTrue(documented.containsAll(fields), record.getSimpleName() + " reads " + fields + ", " + schemas + " has " + documented);
        }
    }
}
