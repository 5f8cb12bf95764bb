package io.bindery.identity.organizations;

import io.bindery.identity.support.Inputs;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Who may see and change an organization. Non-members get 404 for everything of it (its existence is not
 * revealed); members who lack the rights get 403.
 *
 * <h2>Concurrent writers</h2>
 * Every entity is {@code @DynamicUpdate}: an UPDATE sets only the columns its transaction changed, so a writer
 * never writes back another one's columns as it read them. Writers whose decision depends on what they read
 * (a count, "the last admin", "already a member", the organization's settings), or whose event carries the
 * whole row, also lock what they read, always in this order, so that no two writers ever wait on each other
 * in a cycle:
 * <ol>
 *   <li>the organization row ({@link #requireMemberLocked}; PESSIMISTIC_WRITE, which PostgreSQL runs as
 *       {@code FOR NO KEY UPDATE}: inserting a member, team or invite of the organization still only needs
 *       the {@code KEY SHARE} its foreign key takes, so it does not wait): organization PATCH and everything
 *       that changes who is a member and with what role (joins, invites, role changes, removals);</li>
 *   <li>team rows ({@code FOR NO KEY UPDATE} for the team's own changes and its members' changes, {@code KEY SHARE}
 *       for a SAML provider naming it as default team);</li>
 *   <li>member rows ({@code FOR NO KEY UPDATE} to change one, {@code FOR KEY SHARE} to give one a team place:
 *       that blocks the member's removal until the place is committed, and the removal then takes it away);</li>
 *   <li>the rows hanging off those: team places, SAML providers, invite links, tokens;</li>
 *   <li>advisory locks (a hostname, an e-mail address, the token revocation sequence).</li>
 * </ol>
 * A lock is taken before the row is first read in the transaction, so what is read after it is the committed
 * state (READ COMMITTED: every statement sees what committed before it started).
 */
@ApplicationScoped
public class OrgAccess {
    @Inject
    OrganizationStore store;
    @Inject
    Memberships memberships;

    /** The organization and the caller's membership, or 404 when the caller is not a member. */
    public record Access(Organization organization, Memberships.Membership member) {
        /** The caller's role; null for a guest. */
        public Role role() {
            return Role.parse("role", member.role());
        }

        public boolean admin() {
            return Role.ADMIN.wire().equals(member.role());
        }

        /** The organization's settings that other features decide by. */
        public Settings settings() {
            return Settings.of(organization);
        }

        /** What the caller may do in the organization by its role. */
        public OrganizationPolicy policy() {
            return OrganizationPolicy.of(true, role());
        }
    }

    /** An organization's settings that other features decide by: its default role and whether invite links are on. */
    public record Settings(String defaultRole, boolean inviteLinks) {
        static Settings of(Organization org) {
            return new Settings(org.defaultRole, org.inviteLinks);
        }
    }

    /** The organization's settings; null when there is none. */
    public Settings settings(String organizationId) {
        Organization org = store.find(organizationId);
        return org == null ? null : Settings.of(org);
    }

    public Access requireMember(String organizationId, String userId) {
        Organization org = organizationId == null || Inputs.hasNul(organizationId) ? null : store.find(organizationId);
        return access(org, organizationId, userId);
    }

    public Access requireAdmin(String organizationId, String userId) {
        return admin(requireMember(organizationId, userId));
    }

    /**
     * As {@link #requireMember}, with the organization row locked until the transaction ends (the first lock of the
     * order above). Must be the transaction's first read of the organization, so the entity is the committed state.
     */
    public Access requireMemberLocked(String organizationId, String userId) {
        return access(lockOrganization(organizationId), organizationId, userId);
    }

    public Access requireAdminLocked(String organizationId, String userId) {
        return admin(requireMemberLocked(organizationId, userId));
    }

    /** The organization, read and locked; null when there is none. */
    public Organization lockOrganization(String organizationId) {
        return organizationId == null || Inputs.hasNul(organizationId) ? null
                : store.findLocked(organizationId);
    }

    private Access access(Organization org, String organizationId, String userId) {
        Memberships.Membership member = org == null || userId == null ? null : memberships.find(organizationId, userId);
        if (member == null || member.disabled()) {
            throw ApiException.notFound("no organization " + organizationId);
        }
        return new Access(org, member);
    }

    private static Access admin(Access access) {
        access.policy().requireAdmin();
        return access;
    }
}
