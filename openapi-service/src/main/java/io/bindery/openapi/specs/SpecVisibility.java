package io.bindery.openapi.specs;

import io.bindery.commons.json.WireEnum;

/** GitBook's OpenAPISpecVisibility. */
public enum SpecVisibility implements WireEnum {
    PRIVATE("private"), PUBLIC("public");

    private final String wire;

    SpecVisibility(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static class Converter extends WireEnum.Column<SpecVisibility> {
        public Converter() {
            super(SpecVisibility.class);
        }
    }
}
