package io.bindery.contracts.content;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.contracts.testing.ContractFixtures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Each fixture of content's internal branch API read into its record and written again is the same JSON: the
 * record has exactly the fixture's field names, and a create without a template leaves {@code template} out.
 * Review's ContentContractsTest reads them as its client does.
 */
class BranchFixturesTest {

    @ParameterizedTest
    @CsvSource({
            "content/branch, io.bindery.contracts.content.BranchResponse",
            "content/branch-outcome, io.bindery.contracts.content.BranchOutcome",
            "content/branch-pages, io.bindery.contracts.content.BranchPages",
            "content/branch-create-request, io.bindery.contracts.content.BranchCreateRequest",
            "content/branch-create-request-no-template, io.bindery.contracts.content.BranchCreateRequest",
            "content/branch-merge-request, io.bindery.contracts.content.BranchMergeRequest",
    })
    void recordAndFixtureAgree(String fixture, Class<?> record) throws Exception {
        ContractFixtures.assertRoundTrips(fixture, record);
    }

    @SuppressWarnings("unused")
    private static final Class<?>[] RECORDS = {BranchResponse.class, BranchOutcome.class, BranchPages.class,
            BranchCreateRequest.class, BranchMergeRequest.class};
}
