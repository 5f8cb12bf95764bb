package io.bindery.insights.clusters;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/** A cluster of an organization's issues. */
@Entity
@Table(name = "issues_cluster")
public class IssuesCluster {
    @Id
    public String id;
    @Column(name = "organization_id")
    public String organizationId;
    public String label;
    public String summary;
    public String icon;
    /** The title of the member nearest the centroid, quoted by the summary. */
    public String example;
    /** stem to {n: members holding it, w: the word as most often written}: the label's words. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "term_counts", columnDefinition = "jsonb")
    public String termCounts;
    /** Embedder.bytes of the sum of the members' embeddings; null until the first recompute by embeddings. */
    public byte[] centroid;
    @Column(name = "issue_count")
    public int issueCount;
    @Column(name = "conversation_count")
    public int conversationCount;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;
}
