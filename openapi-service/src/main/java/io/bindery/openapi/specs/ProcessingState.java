package io.bindery.openapi.specs;

import io.bindery.commons.json.WireEnum;

/** GitBook's OpenAPISpecProcessingState: a failure is {@code complete} with an error code (there is no failed state). */
public enum ProcessingState implements WireEnum {
    PENDING("pending"), PROGRESS("progress"), COMPLETE("complete");

    private final String wire;

    ProcessingState(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static class Converter extends WireEnum.Column<ProcessingState> {
        public Converter() {
            super(ProcessingState.class);
        }
    }
}
