package io.bindery.content.domain;

import com.fasterxml.jackson.annotation.JsonValue;
import io.bindery.commons.errors.ApiException;
import jakarta.persistence.AttributeConverter;

import java.util.Arrays;
import java.util.stream.Collectors;

/** A space's visibility (GitBook's ContentVisibility), stored and sent as its wire value. */
public enum Visibility {
    PUBLIC("public"), UNLISTED("unlisted"), SHARE_LINK("share-link"), VISITOR_AUTH("visitor-auth"),
    IN_COLLECTION("in-collection"), PRIVATE("private");

    private static final Visibility[] COLUMN_VALUES = values();
    private final String wire;

    Visibility(String wire) {
        this.wire = wire;
    }

    @JsonValue
    public String wire() {
        return wire;
    }

    /** The value of the request field {@code visibility}; 400 listing the values otherwise (null included). */
    public static Visibility parse(String value) {
        return Arrays.stream(values()).filter(v -> v.wire.equals(value)).findFirst()
                .orElseThrow(() -> ApiException.badRequest("visibility must be one of "
                        + Arrays.stream(values()).map(Visibility::wire).sorted().collect(Collectors.joining(", "))));
    }

    /** The column holds the wire value, as it always has. */
    @jakarta.persistence.Converter
    public static class Column implements AttributeConverter<Visibility, String> {
        @Override
        public String convertToDatabaseColumn(Visibility v) {
            return v == null ? null : v.wire;
        }

        @Override
        public Visibility convertToEntityAttribute(String wire) {
            if (wire == null) {
                return null;
            }
            for (Visibility v : COLUMN_VALUES) { // a loop, not a stream: read for every row loaded
                if (v.wire.equals(wire)) {
                    return v;
                }
            }
            throw new IllegalStateException("unknown visibility in the database: " + wire);
        }
    }
}
