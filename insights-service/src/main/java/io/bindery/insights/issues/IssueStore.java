package io.bindery.insights.issues;

import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

/**
 * The SQL of {@code conversation_issue} as the issues feature writes and reads it (clustering's columns and reads are
 * clusters' {@code ClusterStore}). Runs in its caller's transaction.
 */
@ApplicationScoped
public class IssueStore {
    @Inject
    EntityManager em;

    /** An issue by id, of any organization (the caller checks whose it is); null when there is none. */
    ConversationIssue find(String id) {
        return em.find(ConversationIssue.class, id);
    }

    /** A new issue. */
    void insert(ConversationIssue issue) {
        em.persist(issue);
    }

    /** Writes the transaction's pending changes (the new issues) now. */
    void flush() {
        em.flush();
    }

    /** A page of the organization's issues, narrowed by the filters that are not null. */
    ListPage<ConversationIssue> page(KeysetPage<ConversationIssue> keyset, String organizationId, Issues.Filters f) {
        Where where = Where.of("organization_id = :org", "org", organizationId);
        if (f.cluster() != null) {
            where = where.and("cluster_id = :cluster", "cluster", f.cluster());
        }
        if (f.conversation() != null) {
            where = where.and("conversation_id = :conversation", "conversation", f.conversation());
        }
        if (f.source() != null) {
            where = where.and("source = :source", "source", f.source());
        }
        return keyset.sql(em, ConversationIssue.class, "SELECT *", "FROM conversation_issue", where);
    }
}
