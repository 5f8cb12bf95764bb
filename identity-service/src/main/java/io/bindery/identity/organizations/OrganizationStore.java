package io.bindery.identity.organizations;

import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.lists.Where;
import io.bindery.identity.support.AdvisoryLocks;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import java.util.List;

import static io.bindery.commons.sql.SqlValues.instant;
import static io.bindery.commons.sql.SqlValues.pairByFirstColumn;

/** The queries of {@code organization}: the only class that reads or writes the table. */
@ApplicationScoped
class OrganizationStore {
    @Inject
    EntityManager em;

    Organization find(String id) {
        return Organization.findById(id);
    }

    /** Read and locked (PESSIMISTIC_WRITE: FOR NO KEY UPDATE) until the transaction ends. */
    Organization findLocked(String id) {
        return em.find(Organization.class, id, LockModeType.PESSIMISTIC_WRITE);
    }

    void persist(Organization org) {
        org.persist();
    }

    // Native SQL, not HQL: the first HQL statement loads Hibernate's HQL parser (~750 classes, ~5 MB of metaspace, kept
    // for the life of the JVM).

    /** Whether another organization has the hostname (case-insensitive). */
    boolean hostnameTaken(String hostname, String orgId) {
        return !em.createNativeQuery("SELECT id FROM organization WHERE lower(hostname) = :h AND id <> :id LIMIT 1")
                .setParameter("h", hostname).setParameter("id", orgId).getResultList().isEmpty();
    }

    /** Organizations having the e-mail domain (lower case, checked as a domain name), oldest first, at most 1000. */
    @SuppressWarnings("unchecked")
    List<Organization> byEmailDomain(String domain) {
        return em.createNativeQuery(
                        "SELECT * FROM organization WHERE email_domains @> CAST(:d AS jsonb) ORDER BY created_at, id LIMIT 1000",
                        Organization.class)
                .setParameter("d", "[\"" + domain + "\"]").getResultList();
    }

    /** A member's organization and its role there. */
    record WithRole(Organization organization, String role) {
    }

    /**
     * The organizations the user is an enabled member of, oldest first, keyset paged on (created_at, id). Joins
     * {@code member} (members' table): the membership is what the list is of.
     */
    ListPage<WithRole> forMember(String userId, String page, int limit) {
        // a member row always has its organization (foreign key), so counting the join counts the memberships; the
        // page's ids and roles come from one statement, the organizations from a second by id (a native query
        // cannot give an entity and a column through KeysetPage)
        return OLDEST_FIRST.page(page, limit)
                .sql(em, "SELECT o.id, o.created_at, m.role", "FROM organization o JOIN member m ON m.organization_id = o.id",
                        Where.of("m.user_id = :caller", "caller", userId).and("NOT m.disabled"))
                .render(this::withOrganizations);
    }

    /** The rows' organizations, loaded in one query; an organization deleted since the page was read is left out. */
    @SuppressWarnings("unchecked")
    private List<WithRole> withOrganizations(List<Object[]> rows) {
        return pairByFirstColumn(rows,
                ids -> em.createNativeQuery("SELECT * FROM organization WHERE id IN (:ids)", Organization.class)
                        .setParameter("ids", ids).getResultList(),
                (Organization o) -> o.id, (o, r) -> new WithRole(o, (String) r[2]));
    }

    /** Rows of (organization id, its created_at, the caller's role in it). */
    private static final Keyset<Object[]> OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("o.created_at", r -> instant(r[1])), SortKey.text("o.id", r -> (String) r[0]));

    /** Locks the hostname until the transaction ends: held from "is it free?" to the write that claims it. */
    void lockHostname(String hostname) {
        AdvisoryLocks.lock(em.createNativeQuery(AdvisoryLocks.SQL), "hostname", List.of(hostname));
    }
}
