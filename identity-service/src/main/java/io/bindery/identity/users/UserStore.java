package io.bindery.identity.users;

import io.bindery.identity.support.AdvisoryLocks;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The queries of {@code app_user}: the only class that reads or writes the table. */
@ApplicationScoped
class UserStore {
    @Inject
    EntityManager em;

    UserAccount find(String id) {
        return UserAccount.findById(id);
    }

    // Native SQL, not HQL: the first HQL statement loads Hibernate's HQL parser (~750 classes, ~5 MB of metaspace, kept
    // for the life of the JVM). An empty IN list answers nothing without a query ("IN ()" is not SQL).

    /** The user with this e-mail address, case-insensitive (one at most: a user's e-mail is unique lower-cased). */
    @SuppressWarnings("unchecked")
    Optional<UserAccount> findByEmail(String email) {
        List<UserAccount> found = em.createNativeQuery("SELECT * FROM app_user WHERE lower(email) = lower(:e) LIMIT 1",
                UserAccount.class).setParameter("e", email).getResultList();
        return found.stream().findFirst();
    }

    @SuppressWarnings("unchecked")
    List<UserAccount> byLowerEmails(Collection<String> lowerEmails) {
        if (lowerEmails.isEmpty()) {
            return List.of();
        }
        return em.createNativeQuery("SELECT * FROM app_user WHERE lower(email) IN (:emails)", UserAccount.class)
                .setParameter("emails", List.copyOf(lowerEmails)).getResultList();
    }

    /** lower(email) → id, lower-cased by the database. */
    @SuppressWarnings("unchecked")
    Map<String, String> idsByLowerEmail(Collection<String> lowerEmails) {
        Map<String, String> idByEmail = new HashMap<>();
        if (lowerEmails.isEmpty()) {
            return idByEmail;
        }
        ((List<Object[]>) em.createNativeQuery("SELECT lower(email), id FROM app_user WHERE lower(email) IN (:emails)")
                .setParameter("emails", lowerEmails).getResultList())
                .forEach(r -> idByEmail.put((String) r[0], (String) r[1]));
        return idByEmail;
    }

    @SuppressWarnings("unchecked")
    List<UserAccount> byIds(Collection<String> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return em.createNativeQuery("SELECT * FROM app_user WHERE id IN (:ids)", UserAccount.class)
                .setParameter("ids", ids).getResultList();
    }

    void persist(UserAccount user) {
        user.persist();
    }

    /** Locks the e-mail addresses (lower case) until the transaction ends: held from "is it free?" to the insert. */
    void lockEmails(Collection<String> lowerEmails) {
        AdvisoryLocks.lock(em.createNativeQuery(AdvisoryLocks.SQL), Users.EMAIL_LOCKS,
                lowerEmails);
    }
}
