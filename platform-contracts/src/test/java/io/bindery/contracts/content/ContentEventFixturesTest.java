package io.bindery.contracts.content;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.contracts.testing.ContractFixtures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Each fixture of a content event payload read into its record and written again is the same JSON: the record
 * has exactly the fixture's field names, and its null handling (role and author sent as null) is the wire's.
 * Content's EventContractsTest checks that what content publishes has every field of these fixtures.
 */
class ContentEventFixturesTest {

    @ParameterizedTest
    @CsvSource({
            "content/space-permission-updated, io.bindery.contracts.content.PermissionChanged",
            "content/space-permission-removed, io.bindery.contracts.content.PermissionChanged",
            "content/collection-permission-updated, io.bindery.contracts.content.PermissionChanged",
            "content/space-content-updated, io.bindery.contracts.content.SpaceContentUpdated",
            "content/change-request-content-updated, io.bindery.contracts.content.ChangeRequestContentUpdated",
            "content/change-request-content-updated-no-author, io.bindery.contracts.content.ChangeRequestContentUpdated",
            "content/space-purged, io.bindery.contracts.content.SpacePurged",
            "content/space, io.bindery.contracts.content.SpaceChanged",
            "content/collection, io.bindery.contracts.content.CollectionChanged",
    })
    void recordAndFixtureAgree(String fixture, Class<?> record) throws Exception {
        ContractFixtures.assertRoundTrips(fixture, record);
    }

    @SuppressWarnings("unused")
    private static final Class<?>[] RECORDS = {PermissionChanged.class, SpaceContentUpdated.class,
            ChangeRequestContentUpdated.class, SpacePurged.class, SpaceChanged.class, CollectionChanged.class};
}
