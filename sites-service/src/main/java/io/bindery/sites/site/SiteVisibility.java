package io.bindery.sites.site;

import io.bindery.commons.json.WireEnum;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Who may read a published site: anyone ({@code public}, indexed by search engines; {@code unlisted}, not
 * indexed), whoever has an active share link's key ({@code share-link}), or visitors with a token signed with
 * the site's key ({@code visitor-auth}).
 */
public enum SiteVisibility implements WireEnum {
    PUBLIC("public"), UNLISTED("unlisted"), SHARE_LINK("share-link"), VISITOR_AUTH("visitor-auth");

    private final String wire;

    SiteVisibility(String wire) {
        this.wire = wire;
    }

    @Override
    @JsonValue
    public String wire() {
        return wire;
    }

    public static class Converter extends WireEnum.Column<SiteVisibility> {
        public Converter() {
            super(SiteVisibility.class);
        }
    }
}
