package io.bindery.sites.site;

import io.bindery.commons.json.WireEnum;

import com.fasterxml.jackson.annotation.JsonValue;

/** Whether AI agents may read the site's content ({@code included}) or not ({@code excluded}). */
public enum AgentsContext implements WireEnum {
    INCLUDED("included"), EXCLUDED("excluded");

    private final String wire;

    AgentsContext(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    public static class Converter extends WireEnum.Column<AgentsContext> {
        public Converter() {
            super(AgentsContext.class);
        }
    }
}
