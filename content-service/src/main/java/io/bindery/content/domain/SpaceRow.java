package io.bindery.content.domain;

import java.time.Instant;

/**
 * What the Space resource shows of one space row, with no entity behind it: the by-id read fills it straight from
 * one SQL row (no persistence context, no copy of the loaded state for dirty checking, issue 29), and a loaded
 * space entity turns into one ({@code Space.row()}) so that both build the view the same way; it is also what other
 * features take of a space, since only the spaces feature holds the entity. {@code visibility} and {@code editMode}
 * are their wire values, which are also what the columns hold.
 */
public record SpaceRow(String id, String organizationId, String parentId, String[] ancestors, String title,
                       String emoji, String visibility, String editMode, String language, String defaultLevel,
                       String mergeRules, String revisionId, int comments, int changeRequests,
                       int changeRequestsOpen, int changeRequestsDraft, Instant createdAt, Instant updatedAt,
                       Instant deletedAt, String publishedUrl, String gitSync) implements ContentItem {

    @Override
    public String type() {
        return "space";
    }

    @Override
    public boolean deleted() {
        return deletedAt != null;
    }

    public boolean locked() {
        return EditMode.LOCKED.wire().equals(editMode);
    }
}
