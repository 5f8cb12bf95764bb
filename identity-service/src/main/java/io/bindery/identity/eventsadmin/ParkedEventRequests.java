package io.bindery.identity.eventsadmin;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;

/** The query parameters and bodies of the parked-events admin API, read at the edge; 400 naming what is wrong. */
final class ParkedEventRequests {
    private ParkedEventRequests() {
    }

    /**
     * Body {@code {"topic"?, "eventId"?}} of a replay (one event, a topic's, or all) or a discard (topic and eventId
     * required); no body is a replay of all.
     */
    record Act(String topic, String eventId) {
        static Act from(JsonNode body, String action) {
            if (body != null && !body.isNull() && !body.isObject()) {
                throw ApiException.badRequest("the body must be a JSON object: {topic?, eventId?}");
            }
            String topic = text(body, "topic");
            String eventId = text(body, "eventId");
            if (eventId != null && topic == null) {
                throw ApiException.badRequest("eventId needs its topic");
            }
            if (action.equals("discard") && eventId == null) {
                throw ApiException.badRequest("discard needs topic and eventId");
            }
            return new Act(topic, eventId);
        }
    }

    /** The list's {@code limit}: 1 to 500. */
    static int limit(String limit) {
        try {
            int n = Integer.parseInt(limit);
            if (n >= 1 && n <= 500) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // below
        }
        throw ApiException.badRequest("limit must be a number from 1 to 500, not " + limit);
    }

    static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    private static String text(JsonNode body, String field) {
        if (body == null || !body.has(field) || body.get(field).isNull()) {
            return null;
        }
        if (!body.get(field).isTextual()) {
            throw ApiException.badRequest(field + " must be a string");
        }
        return blankToNull(body.get(field).asText());
    }
}
