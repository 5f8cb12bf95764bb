package io.bindery.review.comments;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.DynamicUpdate;

import java.time.Instant;

/**
 * A comment on a space ({@code changeRequestId} null) or on a change request; its body is markdown. The author
 * edits the body while others resolve it: an UPDATE sets only the columns changed ({@link DynamicUpdate}).
 */
@Entity
@Table(name = "comment")
@DynamicUpdate
class Comment extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "space_id")
    public String spaceId;
    @Column(name = "change_request_id")
    public String changeRequestId;
    @Column(name = "posted_by")
    public String postedBy;
    @Column(name = "posted_at")
    public Instant postedAt;
    @Column(name = "edited_at")
    public Instant editedAt;
    public String body;
    /** The revision the comment was posted on (the space's, or the change request's head). */
    public String revision;
    @Column(name = "page_id")
    public String pageId;
    @Column(name = "node_id")
    public String nodeId;
    @Column(name = "table_record")
    public String tableRecord;
    @Column(name = "table_definition")
    public String tableDefinition;
    public String status;
    @Column(name = "resolved_at")
    public Instant resolvedAt;
    @Column(name = "resolved_by")
    public String resolvedBy;
}
