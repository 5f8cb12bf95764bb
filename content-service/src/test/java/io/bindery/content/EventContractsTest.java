package io.bindery.content;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.agroal.api.AgroalDataSource;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.contracts.content.ChangeRequestContentUpdated;
import io.bindery.contracts.content.CollectionChanged;
import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.content.PermissionChanged;
import io.bindery.contracts.content.SpaceChanged;
import io.bindery.contracts.content.SpaceContentUpdated;
import io.bindery.contracts.testing.ContractFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.ReviewSupportTest.branch;
import static io.bindery.content.TestApi.internal;
import static io.bindery.content.TestApi.member;
import static io.bindery.content.TestApi.space;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The producer's side of content's event contracts: the data of what content really writes to its outbox has
 * every field of the shared fixtures (platform-contracts' test-jar, contracts/content/*.json) that consumers
 * parse into the io.bindery.contracts.content records, and parses into those records. bindery.space.purged.v1
 * is checked by SpaceRetentionTest, which runs the purge.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class EventContractsTest {
    @Inject
    AgroalDataSource db;
    @Inject
    ObjectMapper json;

    @Test
    void spaceAndCollectionEventsCarryTheFixtures() throws Exception {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Handbook");
        String collection = as(admin).body("{\"title\":\"Guides\"}").post("/v1/orgs/" + org + "/collections")
                .then().statusCode(201).extract().path("id");

        JsonNode created = data(ContentEventTypes.SPACE_CREATED, space, 0);
        ContractFixtures.assertServes("content/space", created);
        assertEquals(new SpaceChanged(space, org, "Handbook", null, null), json.treeToValue(created, SpaceChanged.class));
        JsonNode collectionCreated = data(ContentEventTypes.COLLECTION_CREATED, collection, 0);
        ContractFixtures.assertServes("content/collection", collectionCreated);
        assertEquals(new CollectionChanged(collection, org, "Guides", null), json.treeToValue(collectionCreated, CollectionChanged.class));
    }

    @Test
    void permissionEventsCarryTheFixtures() throws Exception {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String reader = member(org, "read", null);
        String space = space(org, admin, "Handbook");
        String collection = as(admin).body("{\"title\":\"Guides\"}").post("/v1/orgs/" + org + "/collections")
                .then().statusCode(201).extract().path("id");
        String team = Ids.newId();
        TestIdentity.addTeam(org, team, List.of(reader), Instant.now());

        as(admin).body("{\"role\":\"edit\"}").patch("/v1/spaces/" + space + "/permissions/users/" + reader).then().statusCode(204);
        JsonNode updated = last(ContentEventTypes.SPACE_PERMISSION_UPDATED, space);
        ContractFixtures.assertServes("content/space-permission-updated", updated);
        assertEquals(PermissionChanged.ofUser("space", space, org, reader, "edit"), json.treeToValue(updated, PermissionChanged.class));

        as(admin).body("{\"role\":\"review\"}").patch("/v1/spaces/" + space + "/permissions/teams/" + team).then().statusCode(204);
        as(admin).delete("/v1/spaces/" + space + "/permissions/teams/" + team).then().statusCode(205);
        JsonNode removed = last(ContentEventTypes.SPACE_PERMISSION_REMOVED, space);
        ContractFixtures.assertServes("content/space-permission-removed", removed);
        assertEquals(PermissionChanged.ofTeam("space", space, org, team, null), json.treeToValue(removed, PermissionChanged.class));

        as(admin).body("{\"role\":\"admin\"}").patch("/v1/collections/" + collection + "/permissions/users/" + reader).then().statusCode(204);
        JsonNode onCollection = last(ContentEventTypes.COLLECTION_PERMISSION_UPDATED, collection);
        ContractFixtures.assertServes("content/collection-permission-updated", onCollection);
        assertEquals(PermissionChanged.ofUser("collection", collection, org, reader, "admin"),
                json.treeToValue(onCollection, PermissionChanged.class));
    }

    @Test
    void contentEventsCarryTheFixtures() throws Exception {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Handbook");
        String main = as(admin).get("/v1/spaces/" + space).then().statusCode(200).extract().path("revision");
        String cr = branch(space).getString("id");

        String written = as(admin).body("{\"changes\":[{\"operation\":\"insert_page\",\"title\":\"Welcome\",\"document\":{\"markdown\":\"Hi.\"}}]}")
                .post("/v1/spaces/" + space + "/change-requests/" + cr + "/content").then().statusCode(200).extract().path("revision");
        JsonNode branchWritten = last(ContentEventTypes.CHANGE_REQUEST_CONTENT_UPDATED, space);
        ContractFixtures.assertServes("content/change-request-content-updated", branchWritten);
        assertEquals(admin, json.treeToValue(branchWritten, ChangeRequestContentUpdated.class).author());

        String templated = internal().body("{\"id\":\"api-reference\"}").post("/internal/spaces/" + space + "/branches/" + cr + "/template")
                .then().statusCode(201).extract().path("revision");
        JsonNode noAuthor = last(ContentEventTypes.CHANGE_REQUEST_CONTENT_UPDATED, space);
        ContractFixtures.assertServes("content/change-request-content-updated-no-author", noAuthor);
        assertEquals(new ChangeRequestContentUpdated(space, cr, templated, written, null),
                json.treeToValue(noAuthor, ChangeRequestContentUpdated.class));

        String merged = internal().body("{\"mergedBy\":\"" + admin + "\"}").post("/internal/spaces/" + space + "/branches/" + cr + "/merge")
                .then().statusCode(200).extract().path("revision");
        JsonNode moved = last(ContentEventTypes.SPACE_CONTENT_UPDATED, space);
        ContractFixtures.assertServes("content/space-content-updated", moved);
        SpaceContentUpdated parsed = json.treeToValue(moved, SpaceContentUpdated.class);
        assertEquals(new SpaceContentUpdated(space, merged, main, cr, List.of(admin)), parsed);
        assertNull(json.treeToValue(json.createObjectNode().put("space", space), SpaceContentUpdated.class).changeRequest());
    }

    /** The data of the n-th event (oldest first) of one type about one subject in the outbox. */
    private JsonNode data(String type, String subject, int n) throws Exception {
        return outbox(type, subject).get(n);
    }

    private JsonNode last(String type, String subject) throws Exception {
        List<JsonNode> all = outbox(type, subject);
        return all.get(all.size() - 1);
    }

    private List<JsonNode> outbox(String type, String subject) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT envelope FROM content.outbox_event WHERE type = ? AND aggregate_id = ? ORDER BY id")) {
            s.setString(1, type);
            s.setString(2, subject);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(json.readTree(rs.getString(1)).path("data"));
                }
            }
        }
        if (out.isEmpty()) {
            throw new AssertionError("no " + type + " about " + subject + " in the outbox");
        }
        return out;
    }
}
