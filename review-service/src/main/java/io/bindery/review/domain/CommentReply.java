package io.bindery.review.domain;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

@Entity
@Table(name = "comment_reply")
public class CommentReply extends PanacheEntityBase {
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
