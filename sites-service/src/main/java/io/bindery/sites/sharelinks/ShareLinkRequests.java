package io.bindery.sites.sharelinks;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

import java.util.Optional;

/** The bodies of POST and PATCH …/share-links: a name of at most 50 characters, and (PATCH) active. */
final class ShareLinkRequests {
    static final int MAX_NAME = 50;

    private ShareLinkRequests() {
    }

    record Create(String name) {
        static Create from(JsonNode body) {
            JsonBody b = JsonBody.of(body);
            return new Create(b.string("name", 0, MAX_NAME, false).orElseThrow(() -> ApiException.badRequest("name is required")));
        }
    }

    record Update(Optional<String> name, Optional<Boolean> active) {
        static Update from(JsonNode body) {
            JsonBody b = JsonBody.of(body);
            Update u = new Update(b.string("name", 0, MAX_NAME, false), b.bool("active"));
            if (u.name().isEmpty() && u.active().isEmpty()) {
                throw ApiException.badRequest("give name or active (or both)");
            }
            return u;
        }
    }
}
