package io.bindery.contracts.review;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.contracts.testing.ContractFixtures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Each fixture of a review event payload read into its record and written again is the same JSON: the record has
 * exactly the fixture's field names, and its null handling (absent changeRequest and comment left out) is the
 * wire's. Review's EventContractsTest checks that what review publishes has every field of these fixtures.
 */
class ReviewEventFixturesTest {

    @ParameterizedTest
    @CsvSource({
            "review/review-stats-updated, io.bindery.contracts.review.ReviewStatsUpdated",
            "review/comment-deleted, io.bindery.contracts.review.ReviewItemDeleted",
            "review/space-comment-deleted, io.bindery.contracts.review.ReviewItemDeleted",
            "review/reply-deleted, io.bindery.contracts.review.ReviewItemDeleted",
    })
    void recordAndFixtureAgree(String fixture, Class<?> record) throws Exception {
        ContractFixtures.assertRoundTrips(fixture, record);
    }

    @SuppressWarnings("unused")
    private static final Class<?>[] RECORDS = {ReviewStatsUpdated.class, ReviewItemDeleted.class};
}
