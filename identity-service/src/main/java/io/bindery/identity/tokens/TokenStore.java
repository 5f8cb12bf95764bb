package io.bindery.identity.tokens;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;

/** The queries of {@code api_token} and its revocation sequence: the only class that reads or writes them. */
@ApplicationScoped
class TokenStore {
    @Inject
    EntityManager em;

    ApiToken find(String id) {
        return ApiToken.findById(id);
    }

    /** Read and locked (FOR NO KEY UPDATE) until the transaction ends. */
    ApiToken findLocked(String id) {
        return em.find(ApiToken.class, id, LockModeType.PESSIMISTIC_WRITE);
    }

    void persist(ApiToken token) {
        token.persist();
    }

    /**
     * The next revocation number, taken under a transaction-scoped advisory lock: one revocation at a time, so
     * sequence numbers become visible in order and a poller that has seen number N never misses a smaller one
     * committed later.
     */
    long nextRevocationSeq() {
        em.createNativeQuery("SELECT pg_advisory_xact_lock(hashtext('identity.token_revocation'))").getSingleResult();
        return ((Number) em.createNativeQuery("SELECT nextval('token_revocation_seq')").getSingleResult()).longValue();
    }

    /**
     * Tokens revoked after the sequence number and not expired at {@code now}, in revocation order. Native SQL, not
     * HQL: the first HQL statement loads Hibernate's HQL parser (~750 classes, ~5 MB of metaspace for the JVM's life).
     */
    @SuppressWarnings("unchecked")
    List<ApiToken> revokedAfter(long seq, Instant now, int limit) {
        return em.createNativeQuery("SELECT * FROM api_token WHERE revocation_seq > :seq AND expires_at > :now"
                        + " ORDER BY revocation_seq LIMIT :limit", ApiToken.class)
                .setParameter("seq", seq).setParameter("now", now).setParameter("limit", limit).getResultList();
    }

    /** The highest revocation number of a token not yet expired (0 for none). */
    long maxRevocationSeq() {
        Number n = (Number) em.createNativeQuery("SELECT coalesce(max(revocation_seq), 0) FROM api_token WHERE revocation_seq IS NOT NULL AND expires_at > now()").getSingleResult();
        return n.longValue();
    }

    /** The PostgreSQL channel a committed revocation is announced on (see {@link RevocationWaits}). */
    static final String REVOCATIONS_CHANNEL = "bindery_token_revocations";

    /** Announces a revocation to every replica's {@code LISTEN}; PostgreSQL delivers it when the transaction commits. */
    void notifyRevocation() {
        em.createNativeQuery("SELECT pg_notify('" + REVOCATIONS_CHANNEL + "', '')").getSingleResult();
    }

    /**
     * Subscribes {@code connection} (the listener's own, in autocommit) to {@link #REVOCATIONS_CHANNEL}: PostgreSQL
     * keeps the subscription for the connection's life.
     */
    void listenToRevocations(Connection connection) throws SQLException {
        try (Statement st = connection.createStatement()) {
            st.execute("LISTEN " + REVOCATIONS_CHANNEL);
        }
    }
}
