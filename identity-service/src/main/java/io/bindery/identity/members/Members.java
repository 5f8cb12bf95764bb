package io.bindery.identity.members;

import io.bindery.identity.grants.SpaceGrants;
import io.bindery.identity.organizations.Memberships;
import io.bindery.identity.organizations.OrgAccess;
import io.bindery.identity.support.Inputs;
import io.bindery.identity.support.PgArrays;
import io.bindery.identity.users.UserAccount;
import io.bindery.identity.users.Users;
import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.contracts.identity.MemberAdded;
import io.bindery.contracts.identity.MemberUpdated;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Organization members: listing, reading, role changes, removal, last-seen pings. */
@ApplicationScoped
public class Members implements Memberships {
    @Inject
    EntityManager em;
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
        Where where = Where.of("m.organization_id = :org", "org", orgId);
        if (bySeen) {
            where.and("m.last_seen_at IS NOT NULL"); // only members that were seen
        }
        if (roleFilter != null) {
            where.and("m.role = :role", "role", roleFilter.wire());
        }
        if (q.search() != null && !q.search().isBlank()) {
            if (q.search().length() > 200) {
                throw ApiException.badRequest("search must be at most 200 characters");
            }
            where.and("(u.display_name ILIKE :pattern OR u.email ILIKE :pattern)", "pattern", "%" + likeEscape(q.search().trim()) + "%");
        }
        // rows of (user_id, the sort column, …), see viewOfRow; sorted on that column, then the user id
        String column = bySeen ? "m.last_seen_at" : "m.joined_at";
        Keyset<Object[]> order = Keyset.<Object[]>ascending(SortKey.instant(column, r -> instantOf(r[1])),
                SortKey.text("m.user_id", r -> (String) r[0])).descending(!asc);
        // One read of plain columns (no entities to hydrate and dirty-check): a page of 100 stays cheap.
        ListPage<Object[]> rows = order.page(q.page(), limit).sql(em, "SELECT m.user_id, " + column
                        + ", m.role, m.disabled, m.joined_at, m.last_seen_at, m.sso, u.email, u.display_name, u.photo_url",
                "FROM member m JOIN app_user u ON u.id = m.user_id", where);

        List<String> userIds = rows.items().stream().map(r -> (String) r[0]).toList();
        Map<String, Long> teams = teamsOf.teamCounts(orgId, userIds);
        Map<String, Long> spaces = spaceGrants.userSpaces(orgId, userIds);
        return rows.map(r -> viewOfRow(r, teams.getOrDefault((String) r[0], 0L), spaces.getOrDefault((String) r[0], 0L)));
    }

    /** A row of the list query: user_id, sort column, role, disabled, joined_at, last_seen_at, sso, email, name, photo. */
    private MemberView viewOfRow(Object[] r, long teams, long spaces) {
        Member m = new Member();
        m.userId = (String) r[0];
        m.role = (String) r[2];
        m.disabled = (Boolean) r[3];
        m.joinedAt = instantOf(r[4]);
        m.lastSeenAt = r[5] == null ? null : instantOf(r[5]);
        m.sso = (Boolean) r[6];
        UserAccount u = new UserAccount();
        u.id = m.userId;
        u.email = (String) r[7];
        u.displayName = (String) r[8];
        u.photoUrl = (String) r[9];
        return view(m, u, teams, spaces);
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
        Member member = userId == null || Inputs.hasNul(userId) ? null : Member.findById(new Member.Key(orgId, userId));
        if (member == null) {
            return;
        }
        if (Role.ADMIN.wire().equals(member.role) && adminCount(orgId) <= 1) {
            throw ApiException.conflict("the organization must keep at least one admin");
        }
        member.delete();
        em.flush();
        removed.fire(new MemberRemoved(orgId, userId));
        events.publish(IdentityEventTypes.MEMBER_REMOVED, orgId, new io.bindery.contracts.identity.MemberRemoved(orgId, userId));
    }

    /**
     * The caller was seen now: one targeted UPDATE of last_seen_at (never a write-back of the row as read, which
     * would undo a role change committed meanwhile), and it only moves forward.
     */
    @Transactional
    public void ping(String orgId, String callerId) {
        access.requireMember(orgId, callerId);
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        em.createQuery("update Member m set m.lastSeenAt = :now where m.organizationId = :org and m.userId = :user"
                        + " and (m.lastSeenAt is null or m.lastSeenAt < :now)")
                .setParameter("now", now).setParameter("org", orgId).setParameter("user", callerId).executeUpdate();
    }

    /**
     * Adds a user as a member with a role; a user already a member is left as it is. Returns whether it was added.
     * The caller holds the organization row lock ({@link OrgAccess#lockOrganization}) or created the organization
     * in this transaction, so "not a member yet" still holds at commit.
     */
    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean add(String orgId, String userId, String role, boolean sso) {
        if (Member.findById(new Member.Key(orgId, userId)) != null) {
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
        m.persist();
        events.publish(IdentityEventTypes.MEMBER_ADDED, orgId, new MemberAdded(orgId, userId, role, m.joinedAt));
    }

    public void publishUpdated(Member member) {
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
        em.createNativeQuery("SELECT user_id FROM member WHERE organization_id = :org AND user_id = :user FOR NO KEY UPDATE")
                .setParameter("org", orgId).setParameter("user", userId).getResultList();
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
        @SuppressWarnings("unchecked")
        List<String> found = em.createNativeQuery("SELECT user_id FROM member WHERE organization_id = :org"
                        + " AND user_id = ANY(CAST(:users AS text[])) ORDER BY user_id FOR KEY SHARE")
                .setParameter("org", orgId).setParameter("users", PgArrays.text(userIds)).getResultList();
        return new HashSet<>(found);
    }

    @Override
    public Memberships.Membership find(String orgId, String userId) {
        Member member = Member.findById(new Member.Key(orgId, userId));
        return member == null ? null : new Memberships.Membership(member.userId, member.role, member.disabled);
    }

    public Member require(String orgId, String userId) {
        Member member = userId == null || Inputs.hasNul(userId) ? null : Member.findById(new Member.Key(orgId, userId));
        if (member == null) {
            throw ApiException.notFound("no member " + userId + " in organization " + orgId);
        }
        return member;
    }

    public MemberView view(Member member) {
        List<String> one = List.of(member.userId);
        return view(member, UserAccount.findById(member.userId),
                teamsOf.teamCounts(member.organizationId, one).getOrDefault(member.userId, 0L),
                spaceGrants.userSpaces(member.organizationId, one).getOrDefault(member.userId, 0L));
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
        Member.<Member>list("organizationId = ?1 and userId in ?2", orgId, userIds).forEach(m -> members.put(m.userId, m));
        Map<String, UserAccount> accounts = new HashMap<>();
        if (!members.isEmpty()) {
            UserAccount.<UserAccount>list("id in ?1", members.keySet()).forEach(u -> accounts.put(u.id, u));
        }
        Map<String, Long> teams = teamsOf.teamCounts(orgId, members.keySet());
        Map<String, Long> spaces = spaceGrants.userSpaces(orgId, members.keySet());
        List<MemberView> out = new ArrayList<>();
        for (String userId : new LinkedHashSet<>(userIds)) {
            Member member = members.get(userId);
            if (member != null) {
                out.add(view(member, accounts.get(userId), teams.getOrDefault(userId, 0L), spaces.getOrDefault(userId, 0L)));
            }
        }
        return out;
    }

    /** {@code spaces}: the organization's spaces (not deleted) granted to the user directly, see {@link SpaceGrants}. */
    public MemberView view(Member member, UserAccount user, long teams, long spaces) {
        return new MemberView("member", member.userId, member.role, users.view(user), member.disabled, member.joinedAt,
                member.lastSeenAt, member.sso, spaces, teams);
    }

    private long adminCount(String orgId) {
        return Member.count("organizationId = ?1 and role = ?2", orgId, Role.ADMIN.wire());
    }

    private static Instant instantOf(Object value) {
        if (value instanceof Instant i) {
            return i;
        }
        if (value instanceof OffsetDateTime o) {
            return o.toInstant();
        }
        if (value instanceof java.sql.Timestamp t) {
            return t.toInstant();
        }
        throw new IllegalStateException("unexpected timestamp type " + value.getClass());
    }

    static String likeEscape(String s) {
        return s.toLowerCase(Locale.ROOT).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
