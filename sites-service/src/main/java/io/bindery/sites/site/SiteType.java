package io.bindery.sites.site;

import io.bindery.commons.json.WireEnum;

import com.fasterxml.jackson.annotation.JsonValue;

/** GitBook's SiteType: the plan of a site. Bindery has no plans: every feature works on every type. */
public enum SiteType implements WireEnum {
    BASIC("basic"), PREMIUM("premium"), ULTIMATE("ultimate"), SPONSORED("sponsored"),
    LEGACY_BASIC("legacy-basic"), LEGACY_PREMIUM("legacy-premium");

    private final String wire;

    SiteType(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    public static class Converter extends WireEnum.Column<SiteType> {
        public Converter() {
            super(SiteType.class);
        }
    }
}
