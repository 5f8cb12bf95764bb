package io.bindery.contracts.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;

/**
 * The data of {@code bindery.saml-provider.(created|updated|deleted).v1}: the SamlProvider object (as it was, for a
 * deletion). {@code defaultRole} is sent as null when the provider makes guests; {@code defaultTeam} (a Team
 * without permissions) is left out when it has none.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SamlProviderChanged(String object, String id, String label, String ssoURL, String entityID,
                                  String certificate, DefaultTeam defaultTeam,
                                  @JsonInclude(JsonInclude.Include.ALWAYS) String defaultRole,
                                  Instant createdAt, String status, Service service, Urls urls) {
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record DefaultTeam(String object, String id, String title, long members, long spaces, Instant createdAt) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Service(String acsURL, String startURL, String entityID) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Urls(String location) {
    }
}
