package io.bindery.review.reviews;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

import java.util.List;
import java.util.Optional;

/**
 * The body of POST .../requested-reviewers: {@code users} (1 to {@value #MAX_USERS} user ids) and an optional
 * {@code subject} for the change request (trimmed, at most 100 characters; null when absent).
 */
public record RequestReviewersRequest(List<String> users, String subject) {
    public static final int MAX_USERS = 100;

    public static RequestReviewersRequest from(JsonNode node) {
        JsonBody body = JsonBody.of(node);
        List<String> wanted = body.strings("users").orElseThrow(() -> ApiException.badRequest("users is required: an array of user ids"));
        if (wanted.isEmpty() || wanted.size() > MAX_USERS) {
            throw ApiException.badRequest("users must hold 1 to " + MAX_USERS + " user ids");
        }
        return new RequestReviewersRequest(wanted, body.string("subject", 0, 100, true).orElse(null));
    }

    public Optional<String> subjectIfSent() {
        return Optional.ofNullable(subject);
    }
}
