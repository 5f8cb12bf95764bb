package io.bindery.insights.translations;

import com.fasterxml.jackson.databind.node.ArrayNode;

import java.util.List;

/**
 * What a translation run needs of content-service and review-service, called for the user who runs it (with their
 * token, as the writes of pages and change requests are only offered to users): the source space's live pages, a
 * new target space, and a change request that writes the translated pages and is merged.
 */
public interface SpaceContent {
    record Space(String id, String title, String organization, String parent, String revision) {
    }

    /** A document page: id, title, slug, path; parentPath null at the top level. */
    record Page(String id, String title, String slug, String path, String parentPath) {
    }

    Space space(String spaceId, String token);

    /** The documents of the live revision (or of a change request's head), in table-of-contents order. */
    List<Page> pages(String spaceId, String changeRequest, String token);

    String markdown(String spaceId, String pageId, String token);

    Space createSpace(String organizationId, String title, String parent, String language, String token);

    /** An open change request; its id. */
    String openChangeRequest(String spaceId, String subject, String token);

    /** GitBook's content batch (insert_page, update_page...), at most 50 operations. */
    void write(String spaceId, String changeRequest, ArrayNode changes, String token);

    /** Merges it; the new revision of the space. */
    String merge(String spaceId, String changeRequest, String token);
}
