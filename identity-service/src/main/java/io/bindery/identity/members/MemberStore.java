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
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static io.bindery.commons.sql.SqlValues.instant;

/** The queries of {@code member}: the only class that reads or writes the table. */
@ApplicationScoped
class MemberStore {
    @Inject
    EntityManager em;

    Member find(String orgId, String userId) {
        return Member.findById(new Member.Key(orgId, userId));
    }

    // Native SQL, not HQL: the first HQL statement loads Hibernate's HQL parser (~750 classes, ~5 MB of metaspace, kept
    // for the life of the JVM). An empty IN list answers nothing without a query ("IN ()" is not SQL).

    @SuppressWarnings("unchecked")
    List<Member> list(String orgId, List<String> userIds) {
        if (userIds.isEmpty()) {
            return List.of();
        }
        return em.createNativeQuery("SELECT * FROM member WHERE organization_id = :org AND user_id IN (:users)", Member.class)
                .setParameter("org", orgId).setParameter("users", userIds).getResultList();
    }

    long count(String orgId, String role) {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM member WHERE organization_id = :org AND role = :role")
                .setParameter("org", orgId).setParameter("role", role).getSingleResult()).longValue();
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
        em.createNativeQuery("UPDATE member SET last_seen_at = :now WHERE organization_id = :org AND user_id = :user"
                        + " AND (last_seen_at IS NULL OR last_seen_at < :now)")
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
        list(orgId, userIds).forEach(m -> found.add(m.userId));
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
        Keyset<Object[]> order = Keyset.<Object[]>ascending(SortKey.instant(column, r -> instant(r[1])),
                SortKey.text("m.user_id", r -> (String) r[0])).descending(!asc);
        // One read of plain columns (no entities to hydrate and dirty-check): a page of 100 stays cheap.
        return order.page(page, limit).sql(em, "SELECT m.user_id, " + column
                        + ", m.role, m.disabled, m.joined_at, m.last_seen_at, m.sso, u.email, u.display_name, u.photo_url",
                "FROM member m JOIN app_user u ON u.id = m.user_id", where).map(MemberStore::rowOf);
    }

    /** A row of the list query: user_id, sort column, role, disabled, joined_at, last_seen_at, sso, email, name, photo. */
    private static MemberRow rowOf(Object[] r) {
        return new MemberRow((String) r[0], (String) r[2], (Boolean) r[3], instant(r[4]), instant(r[5]),
                (Boolean) r[6], (String) r[7], (String) r[8], (String) r[9]);
    }

    static String likeEscape(String s) {
        return s.toLowerCase(Locale.ROOT).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
