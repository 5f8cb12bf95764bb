package io.bindery.identity.users;

import io.bindery.identity.support.AdvisoryLocks;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The queries of {@code app_user}: the only class that reads or writes the table. */
@ApplicationScoped
class UserStore {

    UserAccount find(String id) {
        return UserAccount.findById(id);
    }

    Optional<UserAccount> findByEmail(String email) {
        return UserAccount.find("lower(email) = lower(?1)", email).firstResultOptional();
    }

    List<UserAccount> byLowerEmails(Collection<String> lowerEmails) {
        return UserAccount.list("lower(email) in ?1", List.copyOf(lowerEmails));
    }

    /** lower(email) → id, lower-cased by the database. */
    Map<String, String> idsByLowerEmail(Collection<String> lowerEmails) {
        Map<String, String> idByEmail = new HashMap<>();
        UserAccount.getEntityManager()
                .createQuery("select lower(u.email), u.id from UserAccount u where lower(u.email) in :emails", Object[].class)
                .setParameter("emails", lowerEmails).getResultList()
                .forEach(r -> idByEmail.put((String) r[0], (String) r[1]));
        return idByEmail;
    }

    List<UserAccount> byIds(Collection<String> ids) {
        return UserAccount.list("id in ?1", ids);
    }

    void persist(UserAccount user) {
        user.persist();
    }

    /** Locks the e-mail addresses (lower case) until the transaction ends: held from "is it free?" to the insert. */
    void lockEmails(Collection<String> lowerEmails) {
        AdvisoryLocks.lock(UserAccount.getEntityManager().createNativeQuery(AdvisoryLocks.SQL), Users.EMAIL_LOCKS,
                lowerEmails);
    }
}
