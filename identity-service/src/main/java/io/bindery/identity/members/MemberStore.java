package io.bindery.identity.members;

import io.bindery.commons.auth.Role;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.lists.Where;
import io.bindery.identity.support.PgArrays;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The queries of {@code member}: the only class that reads or writes the table. */
@ApplicationScoped
class MemberStore {
    @Inject
    EntityManager em;

    Member find(String orgId, String userId) {
        return Member.findById(new Member.Key(orgId, userId));
    }

    List<Member> list(String orgId, List<String> userIds) {
        return Member.list("organizationId = ?1 and userId in ?2", orgId, userIds);
    }

    long count(String orgId, String role) {
        return Member.count("organizationId = ?1 and role = ?2", orgId, role);
    }

    void persist(Member member) {
        member.persist();
    }

    /** Deleted at once, not at commit (see {@code Members.remove}). */
    void deleteNow(Member member) {
        member.delete();
        em.flush();
    }

    /** One targeted UPDATE of last_seen_at, which only moves forward. */
    void seen(String orgId, String userId, Instant now) {
        em.createQuery("update Member m set m.lastSeenAt = :now where m.organizationId = :org and m.userId = :user"
                        + " and (m.lastSeenAt is null or m.lastSeenAt < :now)")
                .setParameter("now", now).setParameter("org", orgId).setParameter("user", userId).executeUpdate();
    }

    /** FOR NO KEY UPDATE on the member row, before it is read. */
    void lockForUpdate(String orgId, String userId) {
        em.createNativeQuery("SELECT user_id FROM member WHERE organization_id = :org AND user_id = :user FOR NO KEY UPDATE")
                .setParameter("org", orgId).setParameter("user", userId).getResultList();
    }

    /** Those of the users who are members, their rows locked FOR KEY SHARE; one statement. */
    Set<String> lockForKeyShare(String orgId, Collection<String> userIds) {
        @SuppressWarnings("unchecked")
        List<String> found = em.createNativeQuery("SELECT user_id FROM member WHERE organization_id = :org"
                        + " AND user_id = ANY(CAST(:users AS text[])) ORDER BY user_id FOR KEY SHARE")
                .setParameter("org", orgId).setParameter("users", PgArrays.text(userIds)).getResultList();
        return new HashSet<>(found);
    }

    /** Those of the users who are members (no lock). */
    Set<String> membersAmong(String orgId, List<String> userIds) {
        Set<String> found = new HashSet<>();
        Member.<Member>list("organizationId = ?1 and userId in ?2", orgId, userIds).forEach(m -> found.add(m.userId));
        return found;
    }

    /**
     * A page of the organization's members with their users' columns: {@code bySeen} sorts on last_seen_at (only
     * members that were seen), else on joined_at; then the user id.
     */
    ListPage<MemberRow> list(String orgId, boolean bySeen, Role roleFilter, String search, boolean asc, String page, int limit) {
        Where where = Where.of("m.organization_id = :org", "org", orgId);
        if (bySeen) {
            where.and("m.last_seen_at IS NOT NULL"); // only members that were seen
        }
        if (roleFilter != null) {
            where.and("m.role = :role", "role", roleFilter.wire());
        }
        if (search != null) {
            where.and("(u.display_name ILIKE :pattern OR u.email ILIKE :pattern)", "pattern", "%" + likeEscape(search) + "%");
        }
        // rows of (user_id, the sort column, …), see rowOf; sorted on that column, then the user id
        String column = bySeen ? "m.last_seen_at" : "m.joined_at";
        Keyset<Object[]> order = Keyset.<Object[]>ascending(SortKey.instant(column, r -> instantOf(r[1])),
                SortKey.text("m.user_id", r -> (String) r[0])).descending(!asc);
        // One read of plain columns (no entities to hydrate and dirty-check): a page of 100 stays cheap.
        return order.page(page, limit).sql(em, "SELECT m.user_id, " + column
                        + ", m.role, m.disabled, m.joined_at, m.last_seen_at, m.sso, u.email, u.display_name, u.photo_url",
                "FROM member m JOIN app_user u ON u.id = m.user_id", where).map(MemberStore::rowOf);
    }

    /** A row of the list query: user_id, sort column, role, disabled, joined_at, last_seen_at, sso, email, name, photo. */
    private static MemberRow rowOf(Object[] r) {
        return new MemberRow((String) r[0], (String) r[2], (Boolean) r[3], instantOf(r[4]), r[5] == null ? null : instantOf(r[5]),
                (Boolean) r[6], (String) r[7], (String) r[8], (String) r[9]);
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
