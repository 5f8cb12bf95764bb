package io.bindery.insights.issues;

import io.bindery.commons.ids.Ids;
import io.bindery.insights.clusters.Clusters;
import io.bindery.insights.embeddings.Embedder;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** An issue extracted from a conversation; created_at is the conversation's time (the weekly pulse counts it). */
@Entity
@Table(name = "conversation_issue")
public class ConversationIssue implements Clusters.Joining {
    @Id
    public String id;
    @Column(name = "organization_id")
    public String organizationId;
    @Column(name = "conversation_id")
    public String conversationId;
    public String source;
    public String title;
    public String summary;
    /** TextFeatures.encode of title and summary: the cluster's label words. */
    public String terms;
    /** Embedder.bytes of the issue's sentence embedding: what it is clustered by; null until embedded. */
    public byte[] embedding;
    @Column(name = "cluster_id")
    public String clusterId;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "ingested_at")
    public Instant ingestedAt;

    /** A new issue of a conversation, as extraction found it, with its terms (TextFeatures.encode). */
    public static ConversationIssue extracted(String organizationId, String conversationId, String source,
                                              IssueExtraction.Extracted found, String terms, Instant createdAt,
                                              Instant ingestedAt) {
        ConversationIssue issue = new ConversationIssue();
        issue.id = Ids.newId();
        issue.organizationId = organizationId;
        issue.conversationId = conversationId;
        issue.source = source;
        issue.title = found.title();
        issue.summary = found.summary();
        issue.terms = terms;
        issue.embedding = found.vector() == null ? null : Embedder.bytes(found.vector());
        issue.createdAt = createdAt;
        issue.ingestedAt = ingestedAt;
        return issue;
    }

    @Override
    public String terms() {
        return terms;
    }

    @Override
    public void joinCluster(String clusterId) {
        this.clusterId = clusterId;
    }
}
