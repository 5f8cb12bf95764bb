package io.bindery.identity.eventsadmin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The parked-events admin's parameters and bodies, without Quarkus: what is accepted and the 400 messages. */
class ParkedEventRequestsTest {
    static final ObjectMapper JSON = new ObjectMapper();

    static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    static String badRequest(Runnable parse) {
        ApiException e = assertThrows(ApiException.class, parse::run);
        assertEquals(400, e.status());
        return e.getMessage();
    }

    @Test
    void aReplayMayNameATopicAndAnEventOrNothing() throws Exception {
        assertEquals(new ParkedEventRequests.Act(null, null), ParkedEventRequests.Act.from(null, "replay"));
        assertEquals(new ParkedEventRequests.Act(null, null), ParkedEventRequests.Act.from(json("{\"topic\": \" \"}"), "replay"));
        assertEquals(new ParkedEventRequests.Act("t", null), ParkedEventRequests.Act.from(json("{\"topic\": \"t\"}"), "replay"));
        assertEquals(new ParkedEventRequests.Act("t", "e"), ParkedEventRequests.Act.from(json("{\"topic\": \"t\", \"eventId\": \"e\"}"), "discard"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "[]|replay|the body must be a JSON object: {topic?, eventId?}",
            "{\"topic\": 5}|replay|topic must be a string",
            "{\"eventId\": \"e\"}|replay|eventId needs its topic",
            "{\"topic\": \"t\"}|discard|discard needs topic and eventId",
    })
    void refusals(String body, String action, String message) throws Exception {
        JsonNode node = json(body);
        assertEquals(message, badRequest(() -> ParkedEventRequests.Act.from(node, action)));
    }

    @Test
    void theLimitIsOneToFiveHundred() {
        assertEquals(1, ParkedEventRequests.limit("1"));
        assertEquals(500, ParkedEventRequests.limit("500"));
        assertEquals("limit must be a number from 1 to 500, not 501", badRequest(() -> ParkedEventRequests.limit("501")));
        assertEquals("limit must be a number from 1 to 500, not x", badRequest(() -> ParkedEventRequests.limit("x")));
    }
}
