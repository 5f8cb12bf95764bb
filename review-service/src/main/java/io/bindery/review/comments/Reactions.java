package io.bindery.review.comments;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.util.List;

/**
 * Emoji reactions on comments and replies: one row per user and emoji, so adding twice counts once. Each
 * change inserts or deletes only its own rows (no set is read and written back), so reactions added at once by
 * different users all stay; the caller holds its target's row lock, so none lands on a target being deleted.
 */
@ApplicationScoped
public class Reactions {
    static final int MAX_PER_REQUEST = 50;

    @Inject
    EntityManager em;

    /** The {@code addedReactions} / {@code removedReactions} of a PUT body, validated (absent: empty). */
    static List<String> parse(JsonBody body, String field) {
        List<String> emojis = body.strings(field).orElse(List.of());
        if (emojis.size() > MAX_PER_REQUEST) {
            throw ApiException.badRequest(field + " holds more than " + MAX_PER_REQUEST + " emojis");
        }
        for (String e : emojis) {
            if (e.isBlank() || e.length() > 32 || !e.strip().equals(e)) {
                throw ApiException.badRequest(field + " must hold emojis (1 to 32 characters, no surrounding spaces)");
            }
        }
        return emojis;
    }

    public void apply(String targetId, String userId, List<String> added, List<String> removed, Instant now) {
        for (String emoji : added) {
            em.createNativeQuery("INSERT INTO reaction (target_id, emoji, user_id, reacted_at) VALUES (:t, :e, :u, :at) "
                            + "ON CONFLICT DO NOTHING")
                    .setParameter("t", targetId).setParameter("e", emoji).setParameter("u", userId).setParameter("at", now)
                    .executeUpdate();
        }
        if (!removed.isEmpty()) {
            em.createNativeQuery("DELETE FROM reaction WHERE target_id = :t AND user_id = :u AND emoji IN (:e)")
                    .setParameter("t", targetId).setParameter("u", userId).setParameter("e", removed).executeUpdate();
        }
    }

    public void deleteAll(List<String> targetIds) {
        if (!targetIds.isEmpty()) {
            em.createNativeQuery("DELETE FROM reaction WHERE target_id IN (:t)").setParameter("t", targetIds).executeUpdate();
        }
    }
}
