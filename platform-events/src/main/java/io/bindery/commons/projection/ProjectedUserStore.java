package io.bindery.commons.projection;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code projected_user}: identity's users as this service knows them ({@link UserDirectory}). Every write compares
 * versions; every method runs inside the caller's transaction.
 */
@ApplicationScoped
class ProjectedUserStore {
    @Inject
    EntityManager em;

    /** The users among {@code ids} known here, by id (one query). */
    Map<String, UserRef> byIds(Collection<String> ids) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(
                        "SELECT id, display_name, email, photo_url FROM projected_user WHERE id IN (:ids)")
                .setParameter("ids", ids).getResultList();
        Map<String, UserRef> known = new LinkedHashMap<>();
        for (Object[] row : rows) {
            known.put((String) row[0], new UserRef((String) row[0], (String) row[1], (String) row[2], (String) row[3]));
        }
        return known;
    }

    /** The ids of the organization's active members whose e-mail is {@code email} (case ignored), sorted. */
    @SuppressWarnings("unchecked")
    List<String> activeMembersWithEmail(String organizationId, String email) {
        return em.createNativeQuery("""
                        SELECT u.id FROM projected_user u
                        JOIN projected_membership m ON m.user_id = u.id AND m.organization_id = :org AND m.active
                        WHERE lower(u.email) = lower(:email) ORDER BY u.id""")
                .setParameter("org", organizationId).setParameter("email", email).getResultList();
    }

    /**
     * Writes the fact unless a newer one is known; a fact of the same version writes only when it differs,
     * so a redelivery reports no change. The number of rows written (0 or 1).
     */
    int upsert(UserRef user, Instant version) {
        return em.createNativeQuery("""
                        INSERT INTO projected_user (id, display_name, email, photo_url, version)
                        VALUES (:id, CAST(:name AS text), CAST(:email AS text), CAST(:photo AS text), :v)
                        ON CONFLICT (id) DO UPDATE SET display_name = EXCLUDED.display_name, email = EXCLUDED.email,
                            photo_url = EXCLUDED.photo_url, version = EXCLUDED.version
                        WHERE projected_user.version < EXCLUDED.version
                           OR (projected_user.version = EXCLUDED.version
                               AND (projected_user.display_name, projected_user.email, projected_user.photo_url)
                                   IS DISTINCT FROM (EXCLUDED.display_name, EXCLUDED.email, EXCLUDED.photo_url))""")
                .setParameter("id", user.id()).setParameter("name", user.displayName())
                .setParameter("email", user.email()).setParameter("photo", user.photoURL())
                .setParameter("v", version).executeUpdate();
    }
}
