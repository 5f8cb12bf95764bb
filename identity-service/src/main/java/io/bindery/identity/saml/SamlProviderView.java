package io.bindery.identity.saml;

import io.bindery.identity.teams.TeamView;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;

/**
 * The SamlProvider resource ({@code object: saml-provider}). defaultRole is documented nullable (guest), so
 * always present; defaultTeam is omitted when the provider has none.
 */
public record SamlProviderView(String object, String id, String label, String ssoURL, String entityID,
                               String certificate, TeamView defaultTeam,
                               @JsonInclude(JsonInclude.Include.ALWAYS) String defaultRole,
                               Instant createdAt, String status, Service service, Urls urls) {
    /** What the identity provider must be configured with to talk to Bindery (the service provider). */
    public record Service(String acsURL, String startURL, String entityID) {
    }

    public record Urls(String location) {
    }
}
