package io.bindery.identity.organizations;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.List;

/**
 * The Organization resource. defaultRole is nullable in GitBook's schema (null: new members are guests), so always
 * present; defaultContent is not nullable there (a SitePointer), so it is left out when unset.
 */
public record OrganizationView(String object, String id, String title, Instant createdAt, List<String> emailDomains,
                               String hostname, String type, String useCase, String communityType,
                               @JsonInclude(JsonInclude.Include.ALWAYS) String defaultRole,
                               @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode defaultContent,
                               boolean sso, boolean ai, boolean inviteLinks, String plan, JsonNode mergeRules,
                               Trial trial, Urls urls, Permissions permissions) {
    /** A self-hosted organization never has a trial: status notapplicable, none consumed. */
    public record Trial(String status, int count) {
    }

    public record Urls(String location, String app, String logo) {
    }

    public record Permissions(boolean view, boolean access, boolean admin, boolean ownTeam, boolean createContent,
                              boolean createOpenAPISpec, boolean ingestConversations, boolean viewBilling,
                              boolean listMembers, boolean listTeams, boolean listIntegrations,
                              boolean listInstallations, boolean installIntegration) {
    }
}
