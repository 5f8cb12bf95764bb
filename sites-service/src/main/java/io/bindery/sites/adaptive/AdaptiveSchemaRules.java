package io.bindery.sites.adaptive;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaId;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.bindery.commons.errors.ApiException;

import java.util.Set;

/**
 * A site's adaptive schema must be a JSON Schema (draft-07, checked against its meta-schema) of the shape GitBook
 * documents (resources/adaptive/schema-shape.json: claims that are booleans, strings, numbers, arrays of those or
 * objects of claims, an {@code unsigned} object, every object closed with {@code additionalProperties: false}).
 * Both checks run with com.networknt:json-schema-validator (its 1.5 line, on the Jackson 2 that Quarkus already
 * loads: the 3.x line brings Jackson 3 beside it, 4 MB more metaspace, measured, in a service near its 250 MB).
 */
final class AdaptiveSchemaRules {
    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7);
    private static final JsonSchema META_SCHEMA = FACTORY.getSchema(SchemaLocation.of(SchemaId.V7));
    private static final JsonSchema SHAPE = FACTORY.getSchema(AdaptiveSchemaRules.class.getResourceAsStream("/adaptive/schema-shape.json"));

    private AdaptiveSchemaRules() {
    }

    /** 400 naming {@code jsonSchema} and the first problem's location unless {@code json} is an acceptable schema. */
    static void check(JsonNode schema) {
        first("is not a JSON Schema draft-07 document", META_SCHEMA.validate(schema));
        first("does not have the adaptive schema's shape", SHAPE.validate(schema));
    }

    private static void first(String what, Set<ValidationMessage> errors) {
        if (!errors.isEmpty()) {
            ValidationMessage e = errors.iterator().next();
            throw ApiException.badRequest("jsonSchema " + what + ": " + e.getInstanceLocation() + " " + e.getMessage()
                    + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more)" : ""));
        }
    }
}
