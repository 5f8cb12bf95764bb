package io.bindery.content.spaces;

import io.bindery.content.domain.EditMode;
import io.bindery.content.domain.Visibility;
import io.bindery.content.items.Change;
import org.junit.jupiter.api.Test;

import static io.bindery.content.RequestAssertions.json;
import static io.bindery.content.RequestAssertions.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The rules of the space request bodies, one field at a time, with the 400 messages the API has always sent. */
class SpaceRequestsTest {

    @Test
    void createDefaultsEveryField() {
        assertEquals(new CreateSpaceRequest("Untitled", "", null, null, Visibility.PRIVATE, EditMode.LIVE), CreateSpaceRequest.from(json("{}")));
        assertEquals(new CreateSpaceRequest("Untitled", "", null, null, Visibility.PRIVATE, EditMode.LIVE), CreateSpaceRequest.from(null));
        assertEquals("Untitled", CreateSpaceRequest.from(json("{\"title\":\"   \"}")).title());
        assertEquals("Docs", CreateSpaceRequest.from(json("{\"title\":\" Docs \"}")).title());
        assertEquals(new CreateSpaceRequest("A", "x", "col", "fr", Visibility.IN_COLLECTION, EditMode.LOCKED), CreateSpaceRequest.from(json(
                "{\"title\":\"A\",\"emoji\":\"x\",\"parent\":\"col\",\"language\":\"fr\",\"visibility\":\"in-collection\",\"editMode\":\"locked\"}")));
        // null template and computedSource are the same as absent
        assertEquals("A", CreateSpaceRequest.from(json("{\"title\":\"A\",\"template\":null,\"computedSource\":null}")).title());
    }

    @Test
    void createRules() {
        rejects(400, "request body must be a JSON object", () -> CreateSpaceRequest.from(json("[]")));
        rejects(501, "creating a space from a template or a computed source is not available yet: create the space, then write its content",
                () -> CreateSpaceRequest.from(json("{\"template\":\"t\"}")));
        rejects(400, "title must be at most 50 characters", () -> CreateSpaceRequest.from(json("{\"title\":\"" + "x".repeat(51) + "\"}")));
        rejects(400, "field 'title' has the wrong type: expected string", () -> CreateSpaceRequest.from(json("{\"title\":5}")));
        rejects(400, "emoji must be at most 50 characters", () -> CreateSpaceRequest.from(json("{\"emoji\":\"" + "x".repeat(51) + "\"}")));
        rejects(400, "field 'parent' has the wrong type: expected string", () -> CreateSpaceRequest.from(json("{\"parent\":1}")));
        rejects(400, "visibility: in-collection is only for spaces in a collection (give parent)",
                () -> CreateSpaceRequest.from(json("{\"visibility\":\"in-collection\"}")));
        rejects(400, "editMode must be one of live, locked", () -> CreateSpaceRequest.from(json("{\"editMode\":\"open\"}")));
    }

    @Test
    void updateTellsAbsentFromNull() {
        UpdateSpaceRequest none = UpdateSpaceRequest.from(json("{}"));
        assertEquals(new UpdateSpaceRequest(null, null, null, null, null, null, null), none);
        UpdateSpaceRequest cleared = UpdateSpaceRequest.from(json("{\"emoji\":null,\"language\":null,\"defaultLevel\":null}"));
        assertEquals(new Change<>(""), cleared.emoji());
        assertEquals(new Change<String>(null), cleared.language());
        assertEquals(new Change<String>(null), cleared.defaultLevel());
        assertNull(cleared.title());
        assertEquals(new Change<String>(null), UpdateSpaceRequest.from(json("{\"defaultLevel\":\"inherit\"}")).defaultLevel());
        assertEquals(new Change<>("edit"), UpdateSpaceRequest.from(json("{\"defaultLevel\":\"edit\"}")).defaultLevel());
        assertEquals(new Change<>("{\"type\":\"none\"}"), UpdateSpaceRequest.from(json("{\"mergeRules\":{\"type\":\"none\",\"x\":1}}")).mergeRules());
        assertEquals(new Change<>("Handbook"), UpdateSpaceRequest.from(json("{\"title\":\" Handbook \"}")).title());
    }

    @Test
    void updateRules() {
        rejects(400, "title must be a string of 1 to 50 characters", () -> UpdateSpaceRequest.from(json("{\"title\":null}")));
        rejects(400, "title must be between 1 and 50 characters", () -> UpdateSpaceRequest.from(json("{\"title\":\" \"}")));
        rejects(400, "editMode must be one of live, locked", () -> UpdateSpaceRequest.from(json("{\"editMode\":null}")));
        rejects(400, "defaultLevel must be one of admin, create, review, edit, comment, read, inherit or null",
                () -> UpdateSpaceRequest.from(json("{\"defaultLevel\":\"owner\"}")));
        rejects(400, "mergeRules must be an object {type: inherit|none|rules}", () -> UpdateSpaceRequest.from(json("{\"mergeRules\":null}")));
        rejects(400, "mergeRules.rules must be an array when type is rules",
                () -> UpdateSpaceRequest.from(json("{\"mergeRules\":{\"type\":\"rules\"}}")));
        rejects(400, "field 'visibility' has the wrong type: expected string", () -> UpdateSpaceRequest.from(json("{\"visibility\":true}")));
        rejects(400, "visibility must be one of in-collection, private, public, share-link, unlisted, visitor-auth",
                () -> UpdateSpaceRequest.from(json("{\"visibility\":null}")));
        assertEquals(new Change<>(Visibility.SHARE_LINK), UpdateSpaceRequest.from(json("{\"visibility\":\"share-link\"}")).visibility());
    }
}
