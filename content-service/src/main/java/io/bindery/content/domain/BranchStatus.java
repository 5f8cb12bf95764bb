package io.bindery.content.domain;

import jakarta.persistence.AttributeConverter;

import java.util.Arrays;

/** A change-request branch: {@code open} (its content can change) or {@code merged} into the live content. */
public enum BranchStatus {
    OPEN("open"), MERGED("merged");

    private final String wire;

    BranchStatus(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    /** The column holds the wire value, as it always has. */
    @jakarta.persistence.Converter
    public static class Column implements AttributeConverter<BranchStatus, String> {
        @Override
        public String convertToDatabaseColumn(BranchStatus v) {
            return v == null ? null : v.wire;
        }

        @Override
        public BranchStatus convertToEntityAttribute(String wire) {
            return wire == null ? null : Arrays.stream(values()).filter(v -> v.wire.equals(wire)).findFirst()
                    .orElseThrow(() -> new IllegalStateException("unknown branch status in the database: " + wire));
        }
    }
}
