package io.bindery.content.items;

import org.junit.jupiter.api.Test;

import static io.bindery.content.RequestAssertions.json;
import static io.bindery.content.RequestAssertions.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The move and transfer bodies shared by spaces and collections. */
class MoveAndTransferRequestsTest {

    @Test
    void moveNeedsParentOrPosition() {
        rejects(400, "give parent and/or position", () -> MoveRequest.from(json("{}")));
        rejects(400, "give parent and/or position", () -> MoveRequest.from(null));
        assertNull(MoveRequest.from(json("{\"position\":{\"before\":\"x\"}}")).parent(), "absent: stays in its parent");
        assertEquals(new Change<String>(null), MoveRequest.from(json("{\"parent\":null}")).parent(), "null: the root");
        assertEquals(new Change<>("col"), MoveRequest.from(json("{\"parent\":\"col\"}")).parent());
        assertNull(MoveRequest.from(json("{\"parent\":\"col\"}")).position());
        rejects(400, "field 'parent' has the wrong type: expected string", () -> MoveRequest.from(json("{\"parent\":[]}")));
    }

    @Test
    void transferNeedsAnOrganization() {
        rejects(400, "organization is required", () -> TransferRequest.from(json("{}")));
        rejects(400, "organization is required", () -> TransferRequest.from(json("{\"organization\":null}")));
        rejects(400, "field 'organization' has the wrong type: expected string", () -> TransferRequest.from(json("{\"organization\":1}")));
        for (String hostile : new String[]{"../x", "a%00b", "a\\u0000b", "an org", "\\u00e9t\\u00e9", "a/b", "", "x".repeat(101)}) {
            rejects(400, "organization must be an organization id (1 to 100 letters, digits, '-' or '_')",
                    () -> TransferRequest.from(json("{\"organization\":\"" + hostile + "\"}")));
        }
        assertEquals(new TransferRequest("org", null), TransferRequest.from(json("{\"organization\":\"org\"}")));
        assertEquals(new TransferRequest("org", "col"), TransferRequest.from(json("{\"organization\":\"org\",\"parent\":\"col\"}")));
    }
}
