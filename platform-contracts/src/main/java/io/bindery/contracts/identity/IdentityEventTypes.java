package io.bindery.contracts.identity;

import java.util.Map;

/**
 * The CloudEvent types identity-service publishes on {@value #TOPIC} (documented in its asyncapi.yaml). The one
 * place these strings are spelled: identity publishes with them and every consumer matches on them.
 */
public final class IdentityEventTypes {
    public static final String TOPIC = "bindery.identity.events";

    public static final String USER_CREATED = "bindery.user.created.v1";
    public static final String USER_UPDATED = "bindery.user.updated.v1";
    public static final String TOKEN_CREATED = "bindery.token.created.v1";
    public static final String TOKEN_REVOKED = "bindery.token.revoked.v1";
    public static final String ORGANIZATION_CREATED = "bindery.organization.created.v1";
    public static final String ORGANIZATION_UPDATED = "bindery.organization.updated.v1";
    public static final String MEMBER_ADDED = "bindery.member.added.v1";
    public static final String MEMBER_UPDATED = "bindery.member.updated.v1";
    public static final String MEMBER_REMOVED = "bindery.member.removed.v1";
    public static final String INVITE_CREATED = "bindery.invite.created.v1";
    public static final String INVITE_UPDATED = "bindery.invite.updated.v1";
    public static final String INVITE_DELETED = "bindery.invite.deleted.v1";
    public static final String SAML_PROVIDER_CREATED = "bindery.saml-provider.created.v1";
    public static final String SAML_PROVIDER_UPDATED = "bindery.saml-provider.updated.v1";
    public static final String SAML_PROVIDER_DELETED = "bindery.saml-provider.deleted.v1";
    public static final String TEAM_CREATED = "bindery.team.created.v1";
    public static final String TEAM_UPDATED = "bindery.team.updated.v1";
    public static final String TEAM_DELETED = "bindery.team.deleted.v1";
    public static final String TEAM_MEMBERS_UPDATED = "bindery.team.members.updated.v1";

    /** The payload record of each type: identity publishes it as the event's data, consumers read the data into it. */
    public static final Map<String, Class<?>> PAYLOADS = Map.ofEntries(
            Map.entry(USER_CREATED, UserChanged.class),
            Map.entry(USER_UPDATED, UserChanged.class),
            Map.entry(TOKEN_CREATED, TokenChanged.class),
            Map.entry(TOKEN_REVOKED, TokenChanged.class),
            Map.entry(ORGANIZATION_CREATED, OrganizationChanged.class),
            Map.entry(ORGANIZATION_UPDATED, OrganizationChanged.class),
            Map.entry(MEMBER_ADDED, MemberAdded.class),
            Map.entry(MEMBER_UPDATED, MemberUpdated.class),
            Map.entry(MEMBER_REMOVED, MemberRemoved.class),
            Map.entry(INVITE_CREATED, InviteChanged.class),
            Map.entry(INVITE_UPDATED, InviteChanged.class),
            Map.entry(INVITE_DELETED, InviteDeleted.class),
            Map.entry(SAML_PROVIDER_CREATED, SamlProviderChanged.class),
            Map.entry(SAML_PROVIDER_UPDATED, SamlProviderChanged.class),
            Map.entry(SAML_PROVIDER_DELETED, SamlProviderChanged.class),
            Map.entry(TEAM_CREATED, TeamChanged.class),
            Map.entry(TEAM_UPDATED, TeamChanged.class),
            Map.entry(TEAM_DELETED, TeamChanged.class),
            Map.entry(TEAM_MEMBERS_UPDATED, TeamMembersChanged.class));

    private IdentityEventTypes() {
    }
}
