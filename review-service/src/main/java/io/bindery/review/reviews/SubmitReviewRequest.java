package io.bindery.review.reviews;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import io.bindery.review.comments.CommentBodies;

/**
 * The body of POST .../reviews: {@code status} (approved or changes-requested) and an optional {@code comment}
 * ({markdown} or {document}), kept as its markdown, null when absent.
 */
public record SubmitReviewRequest(String status, String commentMarkdown) {

    public static SubmitReviewRequest from(JsonNode node) {
        JsonBody body = JsonBody.of(node);
        String status = body.string("status").orElseThrow(() -> ApiException.badRequest("status is required: approved or changes-requested"));
        if (!status.equals("approved") && !status.equals("changes-requested")) {
            throw ApiException.badRequest("status must be approved or changes-requested");
        }
        String markdown = body.has("comment") && !body.isNull("comment") ? CommentBodies.markdown(body.raw("comment"), "comment") : null;
        return new SubmitReviewRequest(status, markdown);
    }
}
