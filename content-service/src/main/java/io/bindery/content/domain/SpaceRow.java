package io.bindery.content.domain;

import java.time.Instant;

/**
 * What the Space resource shows of one space row, with no entity behind it: the by-id read fills it straight from
 * one SQL row (no persistence context, no copy of the loaded state for dirty checking, issue 29), and a loaded
 * {@link Space} turns into one so that both build the view the same way. {@code visibility} and {@code editMode}
 * are their wire values, which are also what the columns hold.
 */
public record SpaceRow(String id, String organizationId, String parentId, String[] ancestors, String title,
                       String emoji, String visibility, String editMode, String language, String defaultLevel,
                       String mergeRules, String revisionId, int comments, int changeRequests,
                       int changeRequestsOpen, int changeRequestsDraft, Instant createdAt, Instant updatedAt,
                       Instant deletedAt, String publishedUrl, String gitSync) implements ContentItem {

    public static SpaceRow of(Space s) {
        SpaceProjections projected = s.projected;
        return new SpaceRow(s.id, s.organizationId, s.parentId, s.ancestors, s.title, s.emoji, s.visibility.wire(),
                s.editMode.wire(), s.language, s.defaultLevel, s.mergeRules, s.revisionId, s.comments,
                s.changeRequests, s.changeRequestsOpen, s.changeRequestsDraft, s.createdAt, s.updatedAt, s.deletedAt,
                projected == null ? null : projected.publishedUrl, projected == null ? null : projected.gitSync);
    }

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
