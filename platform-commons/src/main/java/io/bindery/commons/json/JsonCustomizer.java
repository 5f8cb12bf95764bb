package io.bindery.commons.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.module.blackbird.BlackbirdModule;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * One JSON style for every service: absent optional fields are omitted (fields documented nullable opt
 * back in with @JsonInclude(ALWAYS)), timestamps are ISO 8601 UTC with milliseconds.
 */
@Singleton
public class JsonCustomizer implements ObjectMapperCustomizer {
    /** Runs after Quarkus' own customizers, so our Instant serializer wins over the JavaTimeModule's. */
    @Override
    public int priority() {
        return MINIMUM_PRIORITY;
    }

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.setSerializationInclusion(JsonInclude.Include.NON_NULL);
        mapper.registerModule(Timestamps.module());
        // Getters, record accessors and constructors called through lambdas Blackbird generates, not Method.invoke:
        // reflection was ~5 % of content-service's CPU per GET /v1/spaces/{id} (JFR, issue 29 round 11).
        mapper.registerModule(new BlackbirdModule());
        // Wrong types are a 400, not silently converted: 123 is no title, "5" is no limit, "yes" no boolean.
        mapper.coercionConfigFor(LogicalType.Textual)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
        for (LogicalType numeric : new LogicalType[]{LogicalType.Integer, LogicalType.Float, LogicalType.Boolean}) {
            mapper.coercionConfigFor(numeric)
                    .setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
        }
        mapper.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
        mapper.configure(com.fasterxml.jackson.databind.DeserializationFeature.ACCEPT_FLOAT_AS_INT, false);
    }
}
