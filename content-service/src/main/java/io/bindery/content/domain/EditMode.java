package io.bindery.content.domain;

import com.fasterxml.jackson.annotation.JsonValue;
import io.bindery.commons.errors.ApiException;
import jakarta.persistence.AttributeConverter;

import java.util.Arrays;
import java.util.stream.Collectors;

/** A space's edit mode: {@code live}, or {@code locked} (no content changes until an admin unlocks it). */
public enum EditMode {
    LIVE("live"), LOCKED("locked");

    private static final EditMode[] COLUMN_VALUES = values();
    private final String wire;

    EditMode(String wire) {
        this.wire = wire;
    }

    @JsonValue
    public String wire() {
        return wire;
    }

    /** The value of the request field {@code editMode}; 400 listing the values otherwise (null included). */
    public static EditMode parse(String value) {
        return Arrays.stream(values()).filter(v -> v.wire.equals(value)).findFirst()
                .orElseThrow(() -> ApiException.badRequest("editMode must be one of "
                        + Arrays.stream(values()).map(EditMode::wire).sorted().collect(Collectors.joining(", "))));
    }

    /** The column holds the wire value, as it always has. */
    @jakarta.persistence.Converter
    public static class Column implements AttributeConverter<EditMode, String> {
        @Override
        public String convertToDatabaseColumn(EditMode v) {
            return v == null ? null : v.wire;
        }

        @Override
        public EditMode convertToEntityAttribute(String wire) {
            if (wire == null) {
                return null;
            }
            for (EditMode v : COLUMN_VALUES) { // a loop, not a stream: read for every row loaded
                if (v.wire.equals(wire)) {
                    return v;
                }
            }
            throw new IllegalStateException("unknown edit mode in the database: " + wire);
        }
    }
}
