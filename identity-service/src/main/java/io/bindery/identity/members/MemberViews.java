package io.bindery.identity.members;

import io.bindery.identity.users.UserView;

/**
 * The Member resource ({@link MemberView}): {@code teams} the organization's teams the user is in, {@code spaces} the
 * organization's spaces (not deleted) granted to the user directly, {@code sites} the organization's live sites it
 * reaches ({@link io.bindery.identity.sites.OrgSites}).
 */
final class MemberViews {
    private MemberViews() {
    }

    static MemberView view(Member member, UserView user, long teams, long spaces, long orgSites) {
        return new MemberView("member", member.userId, member.role, user, member.disabled, member.joinedAt,
                member.lastSeenAt, member.sso, spaces, teams, sites(member.role, orgSites));
    }

    /** From a row read along with its user's columns. */
    static MemberView view(MemberRow r, UserView user, long teams, long spaces, long orgSites) {
        return new MemberView("member", r.userId(), r.role(), user, r.disabled(), r.joinedAt(), r.lastSeenAt(), r.sso(),
                spaces, teams, sites(r.role(), orgSites));
    }

    /** Every member with a role reads all of the organization's live sites ({@code orgSites}); a guest none. */
    private static long sites(String role, long orgSites) {
        return role == null ? 0 : orgSites;
    }
}
