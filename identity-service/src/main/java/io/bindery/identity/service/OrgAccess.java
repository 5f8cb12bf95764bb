package io.bindery.identity.service;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.identity.domain.Member;
import io.bindery.identity.domain.Organization;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Who may see and change an organization. Non-members get 404 for everything of it (its existence is not
 * revealed); members who lack the rights get 403.
 */
@ApplicationScoped
public class OrgAccess {

    /** The organization and the caller's membership, or 404 when the caller is not a member. */
    public record Access(Organization organization, Member member) {
        /** The caller's role; null for a guest. */
        public Role role() {
            return Role.parse("role", member.role);
        }

        public boolean admin() {
            return Role.ADMIN.wire().equals(member.role);
        }
    }

    public Access requireMember(String organizationId, String userId) {
        Organization org = organizationId == null ? null : Organization.findById(organizationId);
        Member member = org == null ? null : Member.findById(new Member.Key(organizationId, userId));
        if (member == null || member.disabled) {
            throw ApiException.notFound("no organization " + organizationId);
        }
        return new Access(org, member);
    }

    public Access requireAdmin(String organizationId, String userId) {
        Access access = requireMember(organizationId, userId);
        if (!access.admin()) {
            throw ApiException.forbidden("only admins of the organization may do this");
        }
        return access;
    }
}
