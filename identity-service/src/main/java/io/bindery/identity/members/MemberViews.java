package io.bindery.identity.members;

import io.bindery.identity.users.UserView;

/**
 * The Member resource ({@link MemberView}): {@code teams} the organization's teams the user is in, {@code spaces} the
 * organization's spaces (not deleted) granted to the user directly.
 */
final class MemberViews {
    private MemberViews() {
    }

    static MemberView view(Member member, UserView user, long teams, long spaces) {
        return new MemberView("member", member.userId, member.role, user, member.disabled, member.joinedAt,
                member.lastSeenAt, member.sso, spaces, teams);
    }

    /** From a row read along with its user's columns. */
    static MemberView view(MemberRow r, UserView user, long teams, long spaces) {
        return new MemberView("member", r.userId(), r.role(), user, r.disabled(), r.joinedAt(), r.lastSeenAt(), r.sso(),
                spaces, teams);
    }
}
