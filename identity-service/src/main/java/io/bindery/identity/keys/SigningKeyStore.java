package io.bindery.identity.keys;

import io.quarkus.panache.common.Sort;
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

    /** Every stored key, oldest first. */
    List<SigningKey> all() {
        return SigningKey.<SigningKey>listAll(Sort.by("createdAt").and("kid"));
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
