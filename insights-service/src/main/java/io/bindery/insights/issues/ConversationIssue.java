package io.bindery.insights.issues;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** An issue extracted from a conversation; created_at is the conversation's time (the weekly pulse counts it). */
@Entity
@Table(name = "conversation_issue")
public class ConversationIssue {
    @Id
    public String id;
    @Column(name = "organization_id")
    public String organizationId;
    @Column(name = "conversation_id")
    public String conversationId;
    public String source;
    public String title;
    public String summary;
    /** TextFeatures.encode of title and summary. */
    public String terms;
    @Column(name = "cluster_id")
    public String clusterId;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "ingested_at")
    public Instant ingestedAt;
}
