package io.bindery.review.merge;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.review.client.SpaceAccess;
import io.bindery.review.reviews.Reviews;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;

/**
 * The space's {@code mergeRules}. With {@code {type: "rules", rules: [{rule: "require_specific_reviewers",
 * users: [...]}]}} a change request merges only once one of those users' latest review of it is an approval.
 * {@code inherit} (the organization's rules) is not enforced: identity does not share organization merge rules
 * with review yet.
 */
@ApplicationScoped
public class MergeRules {
    static final String REQUIRE_SPECIFIC_REVIEWERS = "require_specific_reviewers";

    @Inject
    Reviews reviews;

    public void check(SpaceAccess space, String changeRequestId) {
        List<String> reviewers = requiredReviewers(space.mergeRules());
        if (reviewers.isEmpty()) {
            return;
        }
        io.quarkus.narayana.jta.QuarkusTransaction.requiringNew().run(() -> {
            List<String> approvers = reviews.approvers(changeRequestId, reviewers);
            if (approvers.isEmpty()) {
                throw ApiException.forbidden("the space's merge rules require an approval from one of these reviewers first: "
                        + String.join(", ", reviewers));
            }
        });
    }

    static List<String> requiredReviewers(JsonNode rules) {
        List<String> users = new ArrayList<>();
        if (rules == null || !"rules".equals(rules.path("type").asText())) {
            return users;
        }
        for (JsonNode rule : rules.path("rules")) {
            if (REQUIRE_SPECIFIC_REVIEWERS.equals(rule.path("rule").asText())) {
                rule.path("users").forEach(u -> {
                    if (u.isTextual() && !users.contains(u.asText())) {
                        users.add(u.asText());
                    }
                });
            }
        }
        return users;
    }
}
