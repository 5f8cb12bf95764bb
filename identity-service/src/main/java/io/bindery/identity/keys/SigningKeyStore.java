package io.bindery.identity.keys;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.util.List;

/** The queries of {@code signing_key}: the only class that reads or writes the table. */
@ApplicationScoped
class SigningKeyStore {
    @Inject
    EntityManager em;

    /**
     * Every stored key, oldest first. Native SQL, not Panache's listAll (HQL): the first HQL statement loads
     * Hibernate's HQL parser (~750 classes, ~5 MB of metaspace for the JVM's life).
     */
    @SuppressWarnings("unchecked")
    List<SigningKey> all() {
        return em.createNativeQuery("SELECT * FROM signing_key ORDER BY created_at, kid", SigningKey.class).getResultList();
    }

    void persist(SigningKey key) {
        key.persist();
    }

    /** Records a key unless its kid is stored already (each replica records the same row; the first one wins). */
    void insertIfAbsent(String kid, String jwk, Instant createdAt) {
        em.createNativeQuery("INSERT INTO signing_key (kid, private_jwk, created_at) VALUES (?1, ?2, ?3) ON CONFLICT (kid) DO NOTHING")
                .setParameter(1, kid)
                .setParameter(2, jwk)
                .setParameter(3, createdAt)
                .executeUpdate();
    }
}
