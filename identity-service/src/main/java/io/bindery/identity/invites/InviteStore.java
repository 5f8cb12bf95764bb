package io.bindery.identity.invites;

import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

/** The queries of {@code link_invite}: the only class that reads or writes the table. */
@ApplicationScoped
class InviteStore {
    @Inject
    EntityManager em;

    LinkInvite find(String id, LockModeType lock) {
        return em.find(LinkInvite.class, id, lock);
    }

    void persist(LinkInvite invite) {
        invite.persist();
    }

    void delete(LinkInvite invite) {
        invite.delete();
    }

    /**
     * The organization's invite links, oldest first. Native SQL, not HQL: the first HQL statement loads Hibernate's
     * HQL parser (~750 classes, ~5 MB of metaspace for the JVM's life).
     */
    ListPage<LinkInvite> list(String orgId, String page, int limit) {
        return OLDEST_FIRST.page(page, limit).sql(em, LinkInvite.class, "SELECT *", "FROM link_invite",
                Where.of("organization_id = :org", "org", orgId));
    }

    private static final Keyset<LinkInvite> OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("created_at", i -> i.createdAt), SortKey.text("id", i -> i.id));
}
