package io.bindery.contracts.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;
import java.util.List;

/**
 * The data of {@code bindery.organization.(created|updated).v1}: the Organization object without the caller's
 * {@code permissions}. {@code defaultRole} is sent as null when new members are guests; the other absent fields
 * (hostname, useCase, communityType, defaultContent, urls.logo) are left out. {@code defaultContent} and
 * {@code mergeRules} are JSON objects passed through as they are stored (a tree on the producer's side).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record OrganizationChanged(String object, String id, String title, Instant createdAt, List<String> emailDomains,
                                  String hostname, String type, String useCase, String communityType,
                                  @JsonInclude(JsonInclude.Include.ALWAYS) String defaultRole,
                                  Object defaultContent, boolean sso, boolean ai, boolean inviteLinks, String plan,
                                  Object mergeRules, Trial trial, Urls urls) {
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Trial(String status, int count) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Urls(String location, String app, String logo) {
    }
}
