package io.bindery.review.reviews;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The review request bodies' rules, without Quarkus: each 400 message as the API answers it. */
class ReviewRequestsTest {
    static final ObjectMapper JSON = new ObjectMapper();

    static JsonNode json(String s) {
        try {
            return JSON.readTree(s);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    static String refused(Runnable parse) {
        ApiException e = assertThrows(ApiException.class, parse::run);
        assertEquals(400, e.status());
        return e.getMessage();
    }

    @Test
    void aReviewHasAStatusAndMaybeAComment() {
        SubmitReviewRequest r = SubmitReviewRequest.from(json("{\"status\": \"approved\", \"comment\": {\"markdown\": \"Fine\"}}"));
        assertEquals("approved", r.status());
        assertEquals("Fine", r.commentMarkdown());
        assertNull(SubmitReviewRequest.from(json("{\"status\": \"changes-requested\", \"comment\": null}")).commentMarkdown());
        assertEquals("status is required: approved or changes-requested", refused(() -> SubmitReviewRequest.from(json("{}"))));
        assertEquals("status must be approved or changes-requested",
                refused(() -> SubmitReviewRequest.from(json("{\"status\": \"maybe\"}"))));
        assertEquals("comment.markdown must be a string",
                refused(() -> SubmitReviewRequest.from(json("{\"status\": \"approved\", \"comment\": {\"markdown\": 1}}"))));
    }

    @Test
    void reviewersAreOneToAHundredUsers() {
        RequestReviewersRequest r = RequestReviewersRequest.from(json("{\"users\": [\"u1\", \"u2\"], \"subject\": \" Look \"}"));
        assertEquals(List.of("u1", "u2"), r.users());
        assertEquals("Look", r.subject());
        assertNull(RequestReviewersRequest.from(json("{\"users\": [\"u1\"]}")).subject());
        assertEquals("users is required: an array of user ids", refused(() -> RequestReviewersRequest.from(json("{}"))));
        assertEquals("users must hold 1 to 100 user ids", refused(() -> RequestReviewersRequest.from(json("{\"users\": []}"))));
    }
}
