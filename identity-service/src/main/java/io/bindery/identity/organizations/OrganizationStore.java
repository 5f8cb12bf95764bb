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

    /** Whether another organization has the hostname (case-insensitive). */
    boolean hostnameTaken(String hostname, String orgId) {
        return Organization.count("lower(hostname) = ?1 and id <> ?2", hostname, orgId) > 0;
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
     * The organizations the user is an enabled member of, oldest first, keyset paged on (createdAt, id). Joins
     * {@code member} (members' table) by its entity name: the membership is what the list is of.
     */
    ListPage<WithRole> forMember(String userId, String page, int limit) {
        // a member row always has its organization (foreign key), so counting the join counts the memberships
        return OLDEST_FIRST.page(page, limit)
                .hql(em, Object[].class, "select o, m.role", "from Organization o, Member m",
                        Where.of("m.organizationId = o.id").and("m.userId = :caller", "caller", userId).and("m.disabled = false"))
                .map(r -> new WithRole((Organization) r[0], (String) r[1]));
    }

    /** Rows of (organization, the caller's role in it). */
    private static final Keyset<Object[]> OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("o.createdAt", r -> ((Organization) r[0]).createdAt), SortKey.text("o.id", r -> ((Organization) r[0]).id));

    /** Locks the hostname until the transaction ends: held from "is it free?" to the write that claims it. */
    void lockHostname(String hostname) {
        AdvisoryLocks.lock(em.createNativeQuery(AdvisoryLocks.SQL), "hostname", List.of(hostname));
    }
}
