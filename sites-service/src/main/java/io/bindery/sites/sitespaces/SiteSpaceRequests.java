package io.bindery.sites.sitespaces;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import io.bindery.sites.adaptive.Conditions;
import io.bindery.sites.structure.StructureRequests;

import java.util.Optional;

/** The bodies of the site-space endpoints; one rule per field, each a 400 naming it. */
final class SiteSpaceRequests {
    private SiteSpaceRequests() {
    }

    /**
     * POST …/site-spaces: the space to add (GitBook's {@code null}, "create a new space", is not built), the section
     * (default: the site's default section, or the root of a site without sections), a title of its own, draft.
     * GitBook 0.202.0's {@code template} (an object, for a new space) and {@code pageId} (a string or null) are
     * checked and otherwise ignored.
     */
    record Add(String spaceId, Optional<String> sectionId, Optional<String> title, boolean draft) {
        static Add from(JsonNode body) {
            JsonBody b = JsonBody.of(body);
            b.object("template");
            b.string("pageId");
            if (!b.has("spaceId")) {
                throw ApiException.badRequest("spaceId is required");
            }
            // GitBook: the template is for the new space of a null spaceId; with a space it plays no part
            if (b.isNull("spaceId")) {
                throw ApiException.notImplemented("creating a new space from a site (spaceId null, template) is not built: "
                        + "create the space with POST /orgs/{organizationId}/spaces, then add it by id");
            }
            return new Add(b.string("spaceId").orElseThrow(), b.string("sectionId"), b.string("title", 1, 128, true),
                    b.bool("draft").orElse(false));
        }
    }

    /**
     * PATCH …/site-spaces/{id}: absent leaves a field; {@code condition} and {@code pageId} also take null (remove).
     */
    record Update(Optional<String> path, Optional<Optional<String>> condition, Optional<String> spaceId,
                  Optional<Boolean> hidden, Optional<Boolean> draft, Optional<Optional<String>> pageId) {
        static Update from(JsonNode body) {
            JsonBody b = JsonBody.of(body);
            if (b.isNull("path")) {
                throw ApiException.badRequest("path cannot be null");
            }
            if (b.isNull("spaceId")) {
                throw ApiException.badRequest("spaceId cannot be null");
            }
            return new Update(b.string("path", 1, 100, false).map(StructureRequests::pathRule),
                    b.has("condition") ? Optional.of(b.string("condition", 0, Conditions.MAX_LENGTH, false)) : Optional.empty(),
                    b.string("spaceId"), b.bool("hidden"), b.bool("draft"),
                    b.has("pageId") ? Optional.of(b.string("pageId")) : Optional.empty());
        }

        boolean changesAddress() {
            return path.isPresent();
        }
    }
}
