package io.bindery.sites.adaptive;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.bindery.commons.errors.ApiException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A site's adaptive schema must be a JSON Schema (draft-07, checked against its meta-schema) of the shape GitBook
 * documents (resources/adaptive/schema-shape.json: claims that are booleans, strings, numbers, arrays of those or
 * objects of claims, an {@code unsigned} object, every object closed with {@code additionalProperties: false}).
 * Both checks run with com.networknt:json-schema-validator.
 */
final class AdaptiveSchemaRules {
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7);
    private static final Schema META_SCHEMA = REGISTRY.getSchema(SchemaLocation.of("http://json-schema.org/draft-07/schema#"));
    private static final Schema SHAPE = REGISTRY.getSchema(resource("/adaptive/schema-shape.json"), InputFormat.JSON);

    private AdaptiveSchemaRules() {
    }

    /** 400 naming {@code jsonSchema} and the first problem's location unless {@code json} is an acceptable schema. */
    static void check(String json) {
        first("is not a JSON Schema draft-07 document", META_SCHEMA.validate(json, InputFormat.JSON));
        first("does not have the adaptive schema's shape", SHAPE.validate(json, InputFormat.JSON));
    }

    private static void first(String what, List<Error> errors) {
        if (!errors.isEmpty()) {
            Error e = errors.get(0);
            throw ApiException.badRequest("jsonSchema " + what + ": " + e.getInstanceLocation() + " " + e.getMessage()
                    + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more)" : ""));
        }
    }

    private static String resource(String path) {
        try (InputStream in = AdaptiveSchemaRules.class.getResourceAsStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
