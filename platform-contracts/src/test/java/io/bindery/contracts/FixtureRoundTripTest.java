package io.bindery.contracts;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.contracts.content.ReadableSpacesResponse;
import io.bindery.contracts.content.SpaceAccessResponse;
import io.bindery.contracts.content.SpaceViewsRequest;
import io.bindery.contracts.content.SpaceViewsResponse;
import io.bindery.contracts.identity.MemberViewsRequest;
import io.bindery.contracts.identity.MembershipResponse;
import io.bindery.contracts.identity.TeamResponse;
import io.bindery.contracts.identity.ServiceTokenRequest;
import io.bindery.contracts.identity.ServiceTokenResponse;
import io.bindery.contracts.identity.TeamViewsRequest;
import io.bindery.contracts.identity.TokenRevocationsResponse;
import io.bindery.contracts.testing.ContractFixtures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Each fixture read into its record and written again is the same JSON: the record has exactly the fixture's
 * field names, and its null handling (role and mergeRules sent as null) is what the wire carries.
 */
class FixtureRoundTripTest {

    @ParameterizedTest
    @CsvSource({
            "identity/token-revocations, io.bindery.contracts.identity.TokenRevocationsResponse",
            "identity/membership, io.bindery.contracts.identity.MembershipResponse",
            "identity/team, io.bindery.contracts.identity.TeamResponse",
            "identity/member-views-request, io.bindery.contracts.identity.MemberViewsRequest",
            "identity/team-views-request, io.bindery.contracts.identity.TeamViewsRequest",
            "content/space-access, io.bindery.contracts.content.SpaceAccessResponse",
            "content/space-access-no-role, io.bindery.contracts.content.SpaceAccessResponse",
            "content/readable-spaces, io.bindery.contracts.content.ReadableSpacesResponse",
            "content/space-views-request, io.bindery.contracts.content.SpaceViewsRequest",
            "content/space-views, io.bindery.contracts.content.SpaceViewsResponse",
            "identity/service-token, io.bindery.contracts.identity.ServiceTokenResponse",
            "identity/service-token-request, io.bindery.contracts.identity.ServiceTokenRequest",
            "openapi/spec-uploaded, io.bindery.contracts.openapi.OpenApiSpecData",
            "openapi/spec-processed, io.bindery.contracts.openapi.OpenApiSpecData",
            "openapi/spec-failed, io.bindery.contracts.openapi.OpenApiSpecData",
            "integrations/git-sync-completed, io.bindery.contracts.integrations.GitSyncData",
    })
    void recordAndFixtureAgree(String fixture, Class<?> record) throws Exception {
        ContractFixtures.assertRoundTrips(fixture, record);
    }

    // the classes named above, so a rename breaks compilation here too
    @SuppressWarnings("unused")
    private static final Class<?>[] RECORDS = {TokenRevocationsResponse.class, MembershipResponse.class, TeamResponse.class,
            MemberViewsRequest.class, TeamViewsRequest.class, SpaceAccessResponse.class, ReadableSpacesResponse.class, SpaceViewsRequest.class, SpaceViewsResponse.class,
            ServiceTokenResponse.class, ServiceTokenRequest.class};
}
