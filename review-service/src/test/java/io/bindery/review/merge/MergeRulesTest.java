package io.bindery.review.merge;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MergeRulesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<String> reviewers(String json) throws Exception {
        return MergeRules.requiredReviewers(json == null ? null : JSON.readTree(json));
    }

    @Test
    void specificReviewersAreCollectedOnceInOrder() throws Exception {
        assertEquals(List.of("u1", "u2", "u3"), reviewers("""
                {"type":"rules","rules":[{"rule":"require_specific_reviewers","users":["u1","u2"]},
                 {"rule":"something_else","users":["x"]},{"rule":"require_specific_reviewers","users":["u2","u3",7]}]}"""));
    }

    @Test
    void noRulesMeanNoRequiredReviewer() throws Exception {
        assertEquals(List.of(), reviewers(null));
        assertEquals(List.of(), reviewers("{\"type\":\"inherit\"}"));
        assertEquals(List.of(), reviewers("{\"type\":\"rules\",\"rules\":[]}"));
        assertEquals(List.of(), reviewers("{\"type\":\"rules\",\"rules\":[{\"rule\":\"require_specific_reviewers\"}]}"));
    }
}
