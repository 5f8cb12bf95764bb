package io.bindery.review.comments;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.DynamicUpdate;

import java.time.Instant;

/** A reply to a comment; an UPDATE sets only the columns changed ({@link DynamicUpdate}). */
@Entity
@Table(name = "comment_reply")
@DynamicUpdate
class CommentReply extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "comment_id")
    public String commentId;
    @Column(name = "posted_by")
    public String postedBy;
    @Column(name = "posted_at")
    public Instant postedAt;
    @Column(name = "edited_at")
    public Instant editedAt;
    public String body;
}
