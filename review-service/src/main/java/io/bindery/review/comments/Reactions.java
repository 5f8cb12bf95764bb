package io.bindery.review.comments;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

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
    CommentStore store;

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
            store.react(targetId, emoji, userId, now);
        }
        if (!removed.isEmpty()) {
            store.unreact(targetId, userId, removed);
        }
    }
}
