package io.bindery.sites.structure;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

import java.util.List;
import java.util.Optional;

/** The bodies of the section and section-group endpoints; one rule per field, each a 400 naming it. */
public final class StructureRequests {
    private StructureRequests() {
    }

    /**
     * POST …/sections: a section, optionally with a first site space (spaceId) or from a template. GitBook 0.202.0's
     * {@code draft} (boolean), {@code pageId} and {@code siteSectionGroupId} (strings) are checked and otherwise
     * ignored (a section is put in a group with POST …/section-groups/{g}/sections).
     */
    record CreateSection(Optional<String> spaceId, boolean template, String title, Optional<String> icon) {
        static CreateSection from(JsonNode body) {
            JsonBody b = JsonBody.of(body);
            b.object("template");
            b.bool("draft");
            b.string("pageId");
            b.string("siteSectionGroupId");
            // GitBook: the template is for the new space of a null spaceId; with a space it plays no part
            return new CreateSection(b.string("spaceId"), b.has("template") && !b.isNull("template") && b.string("spaceId").isEmpty(),
                    sectionTitle(b).orElse("Untitled section"), iconOf(b).flatMap(i -> i));
        }
    }

    /**
     * PATCH …/sections/{s}: absent leaves a field; condition and icon also take null (remove). GitBook 0.202.0's
     * {@code localizedTitle} and {@code localizedDescription} (text by language, at most 128 and 256 characters),
     * {@code draft} (boolean) and {@code siteSectionGroupId} (a string or null) are checked and otherwise ignored.
     */
    record UpdateSection(Optional<String> title, Optional<String> path, Optional<String> defaultSiteSpace,
                         Optional<Optional<String>> condition, Optional<Optional<String>> icon, Optional<String> description) {
        static UpdateSection from(JsonNode body) {
            JsonBody b = JsonBody.of(body);
            b.stringMap("localizedTitle", 128);
            b.stringMap("localizedDescription", 256);
            b.bool("draft");
            b.string("siteSectionGroupId");
            return new UpdateSection(sectionTitle(b), b.string("path", 1, 100, false).map(StructureRequests::pathRule),
                    b.string("defaultSiteSpace"),
                    b.has("condition") ? Optional.of(b.string("condition")) : Optional.empty(),
                    iconOf(b), b.string("description", 0, 256, false));
        }
    }

    /** POST …/section-groups; GitBook 0.202.0's {@code draft} (boolean) is checked and otherwise ignored. */
    record CreateGroup(String title, Optional<String> icon, List<String> sections, Optional<String> parent) {
        static CreateGroup from(JsonNode body) {
            JsonBody b = JsonBody.of(body);
            b.bool("draft");
            return new CreateGroup(groupTitle(b).orElseThrow(() -> ApiException.badRequest("title is required")),
                    iconOf(b).flatMap(i -> i), b.strings("sections").orElse(List.of()), b.string("parent"));
        }
    }

    /**
     * PATCH …/section-groups/{g}; GitBook 0.202.0's {@code localizedTitle} (text by language, at most 128 characters),
     * {@code draft} (boolean) and {@code parentSectionGroupId} (a string or null) are checked and otherwise ignored.
     */
    record UpdateGroup(Optional<String> title, Optional<Optional<String>> icon) {
        static UpdateGroup from(JsonNode body) {
            JsonBody b = JsonBody.of(body);
            b.stringMap("localizedTitle", 128);
            b.bool("draft");
            b.string("parentSectionGroupId");
            return new UpdateGroup(groupTitle(b), iconOf(b));
        }
    }

    /** POST …/section-groups/{g}/sections. */
    record AddSection(String sectionId) {
        static AddSection from(JsonNode body) {
            return new AddSection(JsonBody.of(body).string("sectionId").orElseThrow(() -> ApiException.badRequest("sectionId is required")));
        }
    }

    /**
     * POST …/move: exactly one of {@code before} and {@code after}, each {type, id} (GitBook also names the id by
     * type: siteSection, siteSectionGroup, siteSpace).
     */
    public record Move(boolean before, String type, String id) {
        /** The body's position; empty without one (GitBook's move bodies make it optional). */
        public static Optional<Move> optional(JsonNode body) {
            return body != null && body.hasNonNull("position") ? Optional.of(from(body)) : Optional.empty();
        }

        public static Move from(JsonNode body) {
            JsonBody position = JsonBody.of(body).object("position")
                    .orElseThrow(() -> ApiException.badRequest("position is required: {before: {...}} or {after: {...}}"));
            return of(position);
        }

        /** A position object: {before: pointer} or {after: pointer}. */
        static Move of(JsonBody position) {
            boolean hasBefore = position.object("before").isPresent();
            boolean hasAfter = position.object("after").isPresent();
            if (hasBefore == hasAfter) {
                throw ApiException.badRequest("position must have exactly one of before and after");
            }
            JsonBody target = position.object(hasBefore ? "before" : "after").orElseThrow();
            String type = target.string("type").orElseThrow(() -> ApiException.badRequest("position: type is required"));
            String id = target.string("id").or(() -> target.string("siteSection")).or(() -> target.string("siteSectionGroup"))
                    .or(() -> target.string("siteSpace"))
                    .orElseThrow(() -> ApiException.badRequest("position: the id of the item to move next to is required"));
            return new Move(hasBefore, type, id);
        }
    }

    /**
     * PATCH …/structure/sort: the item to move ({type, id}) and where, next to a sibling; without a position the
     * item goes to the end of its siblings.
     */
    record Sort(String type, String id, Optional<Move> position) {
        static Sort from(JsonNode body) {
            JsonBody b = JsonBody.of(body);
            JsonBody item = b.object("item").orElseThrow(() -> ApiException.badRequest("item is required: {type, id}"));
            String type = item.string("type").orElseThrow(() -> ApiException.badRequest("item: type is required"));
            String id = item.string("id").orElseThrow(() -> ApiException.badRequest("item: id is required"));
            return new Sort(type, id, b.object("position").map(Move::of));
        }
    }

    private static Optional<String> sectionTitle(JsonBody b) {
        notNull(b, "title");
        return b.string("title", 2, 128, true);
    }

    private static Optional<String> groupTitle(JsonBody b) {
        notNull(b, "title");
        return b.string("title", 1, 100, true);
    }

    private static Optional<Optional<String>> iconOf(JsonBody b) {
        return b.has("icon") ? Optional.of(b.string("icon", 0, 50, false)) : Optional.empty();
    }

    /** A path segment of the site (section and site-space paths): 400 naming the rule otherwise. */
    public static String pathRule(String path) {
        if (!path.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw ApiException.badRequest("path must be letters, digits, '.', '_' and '-', starting with a letter or digit");
        }
        return path;
    }

    private static void notNull(JsonBody b, String field) {
        if (b.isNull(field)) {
            throw ApiException.badRequest(field + " cannot be null");
        }
    }
}
