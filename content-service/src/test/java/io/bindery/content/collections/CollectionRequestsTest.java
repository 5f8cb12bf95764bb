package io.bindery.content.collections;

import io.bindery.content.items.Change;
import org.junit.jupiter.api.Test;

import static io.bindery.content.RequestAssertions.json;
import static io.bindery.content.RequestAssertions.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The rules of the collection request bodies, with the 400 messages the API has always sent. */
class CollectionRequestsTest {

    @Test
    void create() {
        assertEquals(new CreateCollectionRequest("Untitled", null), CreateCollectionRequest.from(json("{}")));
        assertEquals(new CreateCollectionRequest("Guides", "col"), CreateCollectionRequest.from(json("{\"title\":\"Guides \",\"parent\":\"col\"}")));
        rejects(400, "title must be at most 50 characters", () -> CreateCollectionRequest.from(json("{\"title\":\"" + "x".repeat(51) + "\"}")));
        rejects(400, "request body must be a JSON object", () -> CreateCollectionRequest.from(json("\"x\"")));
    }

    @Test
    void update() {
        assertEquals(new UpdateCollectionRequest(null, null, null), UpdateCollectionRequest.from(json("{}")));
        UpdateCollectionRequest cleared = UpdateCollectionRequest.from(json("{\"description\":null,\"defaultLevel\":null}"));
        assertEquals(new Change<String>(null), cleared.description());
        assertEquals(new Change<String>(null), cleared.defaultLevel());
        rejects(400, "title must be a string of 1 to 50 characters", () -> UpdateCollectionRequest.from(json("{\"title\":null}")));
        rejects(400, "description must be at most 100 characters",
                () -> UpdateCollectionRequest.from(json("{\"description\":\"" + "x".repeat(101) + "\"}")));
        rejects(400, "field 'defaultLevel' has the wrong type: expected a role, \"inherit\" or null",
                () -> UpdateCollectionRequest.from(json("{\"defaultLevel\":3}")));
    }
}
