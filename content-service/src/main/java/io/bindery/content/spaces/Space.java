package io.bindery.content.spaces;

import io.bindery.content.domain.EditMode;
import io.bindery.content.domain.PlacedEntity;
import io.bindery.content.domain.SpaceProjections;
import io.bindery.content.domain.SpaceRow;
import io.bindery.content.domain.Visibility;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import java.time.Instant;

/** A space: a container of documentation content pointing at its active revision. */
/* An UPDATE sets only the columns this transaction changed, never a stale copy of the others. */
@org.hibernate.annotations.DynamicUpdate
@Entity
@Table(name = "space")
public class Space extends PlacedEntity {
    @Column(nullable = false)
    public String emoji = "";
    @Column(nullable = false)
    @Convert(converter = Visibility.Column.class)
    public Visibility visibility;
    @Column(name = "edit_mode", nullable = false)
    @Convert(converter = EditMode.Column.class)
    public EditMode editMode;
    public String language;
    /** The mergeRules object as JSON text. */
    @Column(name = "merge_rules", nullable = false)
    public String mergeRules;
    @Column(name = "revision_id", nullable = false)
    public String revisionId;
    /*
     * Review's counters: written only by ReviewEventsConsumer's versioned UPDATE (column review_stats_version),
     * never by an entity update, so a settings change that loaded the space earlier cannot write back stale counts.
     */
    @Column(nullable = false, updatable = false)
    public int comments;
    @Column(name = "change_requests", nullable = false, updatable = false)
    public int changeRequests;
    @Column(name = "change_requests_open", nullable = false, updatable = false)
    public int changeRequestsOpen;
    @Column(name = "change_requests_draft", nullable = false, updatable = false)
    public int changeRequestsDraft;
    @Column(name = "deleted_at")
    public Instant deletedAt;
    /** What other services' events keep on the space, never written here; null when none has set anything. */
    @jakarta.persistence.Embedded
    public SpaceProjections projected;

    @Override
    public boolean deleted() {
        return deletedAt != null;
    }

    public boolean locked() {
        return editMode == EditMode.LOCKED;
    }

    /** The space as the read-only record other features take (they never hold the entity). */
    public SpaceRow row() {
        SpaceProjections p = projected;
        return new SpaceRow(id, organizationId, parentId, ancestors, title, emoji, visibility.wire(), editMode.wire(),
                language, defaultLevel, mergeRules, revisionId, comments, changeRequests, changeRequestsOpen,
                changeRequestsDraft, createdAt, updatedAt, deletedAt, p == null ? null : p.publishedUrl,
                p == null ? null : p.gitSync);
    }

    @Override
    public String type() {
        return "space";
    }
}
