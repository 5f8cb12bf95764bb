package io.bindery.identity.members;

import io.bindery.identity.grants.SpaceGrants;
import io.bindery.identity.sites.OrgSites;
import io.bindery.identity.organizations.Memberships;
import io.bindery.identity.organizations.OrgAccess;
import io.bindery.identity.support.Inputs;
import io.bindery.identity.users.UserView;
import io.bindery.identity.users.Users;
import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.contracts.identity.MemberAdded;
import io.bindery.contracts.identity.MemberUpdated;
import io.bindery.contracts.identity.MembershipResponse;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Organization members: listing, reading, role changes, removal, last-seen pings. */
@ApplicationScoped
public class Members implements Memberships {
    @Inject
    MemberStore store;
    @Inject
    OrgAccess access;
    @Inject
    Users users;
    @Inject
    EventPublisher events;
    @Inject
    Event<MemberRemoved> removed;
    @Inject
    TeamCounts teamsOf;
    @Inject
    SpaceGrants spaceGrants;
    @Inject
    OrgSites orgSites;

    public record ListQuery(String role, String search, String sort, String order, Integer limit, String page) {
    }

    @Transactional
    public ListPage<MemberView> list(String orgId, String callerId, ListQuery q) {
        OrgAccess.Access a = access.requireMember(orgId, callerId);
        if (a.member().role() == null) {
            throw ApiException.forbidden("guests may not list the organization's members");
        }
        int limit = Limits.of(q.limit());
        boolean bySeen = q.sort() != null && !q.sort().equals("joinedAt");
        if (bySeen && !q.sort().equals("lastSeenAt")) {
            throw ApiException.badRequest("sort must be joinedAt or lastSeenAt");
        }
        boolean asc = "asc".equals(q.order());
        if (q.order() != null && !asc && !q.order().equals("desc")) {
            throw ApiException.badRequest("order must be asc or desc");
        }
        Role roleFilter = Role.parse("role", q.role());
        String search = null;
        if (q.search() != null && !q.search().isBlank()) {
            if (q.search().length() > 200) {
                throw ApiException.badRequest("search must be at most 200 characters");
            }
            search = q.search().trim();
        }
        ListPage<MemberRow> rows = store.list(orgId, bySeen, roleFilter, search, asc, q.page(), limit);
        List<String> userIds = rows.items().stream().map(MemberRow::userId).toList();
        Map<String, Long> teams = teamsOf.teamCounts(orgId, userIds);
        Map<String, Long> spaces = spaceGrants.userSpaces(orgId, userIds);
        long sites = orgSites.live(orgId);
        return rows.map(r -> view(r, teams.getOrDefault(r.userId(), 0L), spaces.getOrDefault(r.userId(), 0L), sites));
    }

    /**
     * The Member resource of a row read along with its user's columns (lists that join them); {@code orgSites}: the
     * organization's live sites ({@link #liveSites}).
     */
    public MemberView view(MemberRow r, long teams, long spaces, long orgSites) {
        return MemberViews.view(r, users.view(r.userId(), r.email(), r.displayName(), r.photoUrl()), teams, spaces,
                orgSites);
    }

    /** The organization's live sites, for {@link #view(MemberRow, long, long, long)}. */
    public long liveSites(String orgId) {
        return orgSites.live(orgId);
    }

    @Transactional
    public MemberView get(String orgId, String callerId, String userId) {
        access.requireMember(orgId, callerId);
        return view(require(orgId, userId));
    }

    /**
     * Changes a member's role (null: guest). Admins only; the last admin cannot be demoted. Locks the organization
     * (every change of roles or of who is a member does, so "the last admin" is counted with no other such change
     * under way: two admins demoting themselves at once take turns, and the second is refused), then the member
     * row (so the event shows the member as committed, sso included), before anything of them is read.
     */
    @Transactional
    public MemberView changeRole(String orgId, String callerId, String userId, MemberRoleRequest req) {
        Role role = req.role();
        access.lockOrganization(orgId);
        lockMember(orgId, userId);
        access.requireAdmin(orgId, callerId);
        Member member = require(orgId, userId);
        if (!req.changes()) {
            return view(member);
        }
        if (Role.ADMIN.wire().equals(member.role) && role != Role.ADMIN && adminCount(orgId) <= 1) {
            throw ApiException.conflict("the organization must keep at least one admin");
        }
        member.role = Role.wireOf(role);
        publishUpdated(member);
        return view(member);
    }

    /**
     * Removes a member (admins, or members leaving themselves); 204 semantics: absent is fine. The organization
     * row is locked first (see {@link #changeRole}). The row is deleted at once, not at commit: the DELETE waits
     * for whoever is giving the user a team place (they hold the member row FOR KEY SHARE), so that place is
     * committed before the observers of {@link MemberRemoved} take the user's places away.
     */
    @Transactional
    public void remove(String orgId, String callerId, String userId) {
        OrgAccess.Access a = access.requireMemberLocked(orgId, callerId);
        if (!a.admin() && !callerId.equals(userId)) {
            throw ApiException.forbidden("only admins may remove other members");
        }
        Member member = userId == null || Inputs.hasNul(userId) ? null : store.find(orgId, userId);
        if (member == null) {
            return;
        }
        if (Role.ADMIN.wire().equals(member.role) && adminCount(orgId) <= 1) {
            throw ApiException.conflict("the organization must keep at least one admin");
        }
        store.deleteNow(member);
        removed.fire(new MemberRemoved(orgId, userId));
        events.publish(IdentityEventTypes.MEMBER_REMOVED, orgId, new io.bindery.contracts.identity.MemberRemoved(orgId, userId));
    }

    /**
     * Marks a member as signing in with SSO (org admins only); 404 when the user is not a member. The member row is
     * locked before it is read, so the event (role and sso) shows what committed, whatever role change runs along.
     */
    @Transactional
    public MemberView markSso(String orgId, String callerId, String userId) {
        lockMember(orgId, userId);
        access.requireAdmin(orgId, callerId);
        Member member = require(orgId, userId);
        if (!member.sso) {
            member.sso = true;
            publishUpdated(member);
        }
        return view(member);
    }

    /**
     * One membership as identity knows it now (the internal read-through of other services' membership
     * projections); 404 when the user is no member of the organization.
     */
    @Transactional
    public MembershipResponse membership(String organizationId, String userId, Instant asOf) {
        boolean nul = Inputs.hasNul(organizationId) || Inputs.hasNul(userId);
        OrgAccess.Settings org = nul ? null : access.settings(organizationId);
        Member member = org == null ? null : store.find(organizationId, userId);
        if (member == null) {
            throw ApiException.notFound("user " + userId + " is not a member of organization " + organizationId);
        }
        return new MembershipResponse(organizationId, userId, member.role, org.defaultRole(), asOf);
    }

    /**
     * The caller was seen now: one targeted UPDATE of last_seen_at (never a write-back of the row as read, which
     * would undo a role change committed meanwhile), and it only moves forward.
     */
    @Override
    @Transactional
    public void ping(String orgId, String callerId) {
        access.requireMember(orgId, callerId);
        store.seen(orgId, callerId, Instant.now().truncatedTo(ChronoUnit.MILLIS));
    }

    /**
     * Adds a user as a member with a role; a user already a member is left as it is. Returns whether it was added.
     * The caller holds the organization row lock ({@link OrgAccess#lockOrganization}) or created the organization
     * in this transaction, so "not a member yet" still holds at commit.
     */
    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean add(String orgId, String userId, String role, boolean sso) {
        if (store.find(orgId, userId) != null) {
            return false;
        }
        addNew(orgId, userId, role, sso);
        return true;
    }

    /** Adds a user the caller knows is not a member yet (bulk invites check that in one query). */
    @Transactional(Transactional.TxType.MANDATORY)
    public void addNew(String orgId, String userId, String role, boolean sso) {
        Member m = new Member();
        m.organizationId = orgId;
        m.userId = userId;
        m.role = role;
        m.sso = sso;
        m.joinedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        store.persist(m);
        events.publish(IdentityEventTypes.MEMBER_ADDED, orgId, new MemberAdded(orgId, userId, role, m.joinedAt));
    }

    private void publishUpdated(Member member) {
        events.publish(IdentityEventTypes.MEMBER_UPDATED, member.organizationId,
                new MemberUpdated(member.organizationId, member.userId, member.role, member.sso));
    }

    /**
     * Locks a member row (FOR NO KEY UPDATE) before it is read, for a change whose event shows the whole member; a
     * member that does not exist locks nothing (the read that follows answers 404).
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void lockMember(String orgId, String userId) {
        if (orgId == null || userId == null || Inputs.hasNul(orgId) || Inputs.hasNul(userId)) {
            return;
        }
        store.lockForUpdate(orgId, userId);
    }

    /**
     * Those of the users who are members of the organization, their rows locked FOR KEY SHARE until the
     * transaction ends: they cannot be removed (which would leave a team place behind) before a team place
     * given to them now is committed, while their role and last-seen time may still change. One statement.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Set<String> keepMembers(String orgId, Collection<String> userIds) {
        if (userIds.isEmpty()) {
            return Set.of();
        }
        return store.lockForKeyShare(orgId, userIds);
    }

    /** Those of the users who are members of the organization (no lock), in one query. */
    public Set<String> membersAmong(String orgId, List<String> userIds) {
        return store.membersAmong(orgId, userIds);
    }

    @Override
    public Memberships.Membership find(String orgId, String userId) {
        Member member = store.find(orgId, userId);
        return member == null ? null : new Memberships.Membership(member.userId, member.role, member.disabled);
    }

    private Member require(String orgId, String userId) {
        Member member = userId == null || Inputs.hasNul(userId) ? null : store.find(orgId, userId);
        if (member == null) {
            throw ApiException.notFound("no member " + userId + " in organization " + orgId);
        }
        return member;
    }

    private MemberView view(Member member) {
        List<String> one = List.of(member.userId);
        return view(member, users.viewById(member.userId),
                teamsOf.teamCounts(member.organizationId, one).getOrDefault(member.userId, 0L),
                spaceGrants.userSpaces(member.organizationId, one).getOrDefault(member.userId, 0L),
                orgSites.live(member.organizationId));
    }

    /**
     * The Member objects of those of {@code userIds} who are members of the organization, in the order asked:
     * one query each for the members, their accounts, their team counts and their space counts, whatever the
     * number of users.
     */
    public List<MemberView> views(String orgId, List<String> userIds) {
        userIds = userIds.stream().filter(id -> id != null && !Inputs.hasNul(id)).toList();
        if (userIds.isEmpty() || orgId == null || Inputs.hasNul(orgId)) {
            return List.of();
        }
        Map<String, Member> members = new HashMap<>();
        store.list(orgId, userIds).forEach(m -> members.put(m.userId, m));
        Map<String, UserView> accounts = users.viewsById(members.keySet());
        Map<String, Long> teams = teamsOf.teamCounts(orgId, members.keySet());
        Map<String, Long> spaces = spaceGrants.userSpaces(orgId, members.keySet());
        long sites = orgSites.live(orgId);
        List<MemberView> out = new ArrayList<>();
        for (String userId : new LinkedHashSet<>(userIds)) {
            Member member = members.get(userId);
            if (member != null) {
                out.add(view(member, accounts.get(userId), teams.getOrDefault(userId, 0L), spaces.getOrDefault(userId, 0L),
                        sites));
            }
        }
        return out;
    }

    /** {@code spaces}: the organization's spaces (not deleted) granted to the user directly, see {@link SpaceGrants}. */
    private MemberView view(Member member, UserView user, long teams, long spaces, long orgSites) {
        return MemberViews.view(member, user, teams, spaces, orgSites);
    }

    private long adminCount(String orgId) {
        return store.count(orgId, Role.ADMIN.wire());
    }
}
