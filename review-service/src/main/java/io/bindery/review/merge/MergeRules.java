package io.bindery.review.merge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.contracts.content.SpaceMergeRules;
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
    /** Reads the rules' tree into content's record; rule fields it does not name are not review's. */
    private static final ObjectMapper RULES = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

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

    /** The users named by the rules' {@code require_specific_reviewers}, in order, once each. */
    static List<String> requiredReviewers(JsonNode tree) {
        List<String> users = new ArrayList<>();
        if (tree == null || !tree.isObject()) {
            return users;
        }
        SpaceMergeRules rules;
        try {
            rules = RULES.treeToValue(tree, SpaceMergeRules.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("content sent merge rules that are not its contract's: " + tree, e);
        }
        if (!"rules".equals(rules.type()) || rules.rules() == null) {
            return users;
        }
        for (SpaceMergeRules.Rule rule : rules.rules()) {
            if (rule != null && REQUIRE_SPECIFIC_REVIEWERS.equals(rule.rule()) && rule.users() != null) {
                for (Object u : rule.users()) {
                    if (u instanceof String id && !users.contains(id)) {
                        users.add(id);
                    }
                }
            }
        }
        return users;
    }
}
