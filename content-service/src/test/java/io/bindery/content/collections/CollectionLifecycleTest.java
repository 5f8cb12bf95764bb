package io.bindery.content.collections;

import io.agroal.api.AgroalDataSource;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.member;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * A collection's writes in this service (the e2e suite covers them through the gateway): an update and a move
 * lock the collection (CollectionStore.lock), a move and a transfer flush before rewriting the ancestors below it,
 * a transfer and a delete clear the persistence context before answering from the rows. Each step checks what
 * the rows hold after it, so a lost flush or a stale entity shows.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class CollectionLifecycleTest {
    @Inject
    AgroalDataSource db;

    @Test
    void updateMoveTransferAndDeleteKeepTheTreeInTheRows() throws SQLException {
        String org = Ids.newId();
        String other = Ids.newId();
        String admin = member(org, "admin");
        TestIdentity.addMembership(other, admin, "admin", null, Instant.now());
        String guides = collection(org, admin, "Guides", null);
        String child = collection(org, admin, "Child", guides);
        String shelf = collection(org, admin, "Shelf", null);
        String space = as(admin).body("{\"title\":\"Handbook\",\"parent\":\"" + child + "\"}")
                .post("/v1/orgs/" + org + "/spaces").then().statusCode(201).extract().path("id");

        as(admin).body("{\"title\":\"Renamed\"}").patch("/v1/collections/" + guides).then().statusCode(200)
                .body("title", equalTo("Renamed"));
        assertEquals("Renamed", text("SELECT title FROM collection WHERE id = ?", guides));

        // the child moves with its space below it: both chains of ancestors now start at the shelf
        as(admin).body("{\"parent\":\"" + shelf + "\"}").post("/v1/collections/" + child + "/move").then()
                .statusCode(200).body("parent", equalTo(shelf));
        assertEquals(List.of(shelf), texts("SELECT unnest(ancestors) FROM collection WHERE id = ?", child));
        assertEquals(List.of(shelf, child), texts("SELECT unnest(ancestors) FROM space WHERE id = ?", space));

        // the shelf goes to the other organization with everything below it, answered as the rows hold it
        as(admin).body("{\"organization\":\"" + other + "\"}").post("/v1/collections/" + shelf + "/transfer").then()
                .statusCode(200).body("organization", equalTo(other));
        assertEquals(other, text("SELECT organization_id FROM collection WHERE id = ?", shelf));
        // set after the last statement that flushed on its own: only the flush before the clear writes it
        assertEquals("true", text("SELECT (updated_at > created_at)::text FROM collection WHERE id = ?", shelf));
        assertEquals(other, text("SELECT organization_id FROM collection WHERE id = ?", child));
        assertEquals(other, text("SELECT organization_id FROM space WHERE id = ?", space));
        as(admin).get("/v1/collections/" + child).then().statusCode(200).body("organization", equalTo(other));

        // deleting the shelf deletes the child and puts the space in the trash, out of the tree
        as(admin).delete("/v1/collections/" + shelf).then().statusCode(204);
        assertNull(text("SELECT id FROM collection WHERE id = ?", child));
        assertNotNull(text("SELECT deleted_at::text FROM space WHERE id = ?", space));
        assertNull(text("SELECT parent_id FROM space WHERE id = ?", space));
        as(admin).get("/v1/collections/" + child).then().statusCode(404).body("error.code", equalTo(404));
        as(admin).get("/v1/spaces/" + space).then().statusCode(404);
        as(admin).get("/v1/collections/" + guides).then().statusCode(200).body("title", equalTo("Renamed"));
    }

    private static String collection(String org, String admin, String title, String parent) {
        String body = parent == null ? "{\"title\":\"" + title + "\"}"
                : "{\"title\":\"" + title + "\",\"parent\":\"" + parent + "\"}";
        return as(admin).body(body).post("/v1/orgs/" + org + "/collections").then().statusCode(201)
                .extract().path("id");
    }

    /** The first column of the first row, or null when there is no row. */
    private String text(String sql, String id) throws SQLException {
        List<String> all = texts(sql, id);
        return all.isEmpty() ? null : all.get(0);
    }

    private List<String> texts(String sql, String id) throws SQLException {
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, id);
            List<String> out = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        }
    }
}
