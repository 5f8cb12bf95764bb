package io.bindery.insights.conversations;

import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import java.time.Instant;

/** The SQL of {@code conversation}. Runs in its caller's transaction. */
@ApplicationScoped
public class ConversationStore {
    @Inject
    EntityManager em;

    /** A conversation of the organization; null when there is none. */
    Conversation find(String organizationId, String id) {
        return em.find(Conversation.class, new Conversation.Key(organizationId, id));
    }

    /** A conversation of the organization locked (FOR UPDATE) for the caller's transaction; null when there is none. */
    Conversation lock(String organizationId, String id) {
        return em.find(Conversation.class, new Conversation.Key(organizationId, id), LockModeType.PESSIMISTIC_WRITE);
    }

    /**
     * Stores a conversation unless the organization has one with its id: 1 when stored, 0 when not. ON CONFLICT: two
     * ingests of one id at once both succeed, and only one stores it. {@code attributes} and {@code parts} are JSON.
     */
    int insertIfAbsent(String organizationId, String id, String subject, String source, String url, String attributes,
                       String parts, Instant createdAt, Instant ingestedAt) {
        return em.createNativeQuery("""
                        INSERT INTO conversation (organization_id, id, subject, source, url, attributes, parts,
                            created_at, ingested_at)
                        VALUES (:org, :id, :subject, :source, :url, CAST(:attributes AS jsonb), CAST(:parts AS jsonb),
                            :created, :now)
                        ON CONFLICT (organization_id, id) DO NOTHING""")
                .setParameter("org", organizationId).setParameter("id", id)
                .setParameter("subject", subject).setParameter("source", source)
                .setParameter("url", url).setParameter("attributes", attributes)
                .setParameter("parts", parts)
                .setParameter("created", createdAt)
                .setParameter("now", ingestedAt).executeUpdate();
    }

    /**
     * A page of the organization's conversations; {@code source} (null or blank: any) filters by where they came
     * from.
     */
    ListPage<Conversation> page(KeysetPage<Conversation> keyset, String organizationId, String source) {
        Where where = Where.of("organization_id = :org", "org", organizationId);
        if (source != null && !source.isBlank()) {
            where = where.and("source = :source", "source", source.strip());
        }
        return keyset.sql(em, Conversation.class, "SELECT *", "FROM conversation", where);
    }
}
