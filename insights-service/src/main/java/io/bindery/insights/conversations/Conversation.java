package io.bindery.insights.conversations;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/** An ingested conversation; its id is the ingester's, unique within the organization. */
@Entity
@Table(name = "conversation")
@IdClass(Conversation.Key.class)
public class Conversation {
    @Id
    @Column(name = "organization_id")
    public String organizationId;
    @Id
    public String id;
    public String subject;
    public String source;
    public String url;
    /** metadata.attributes, name to string. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(columnDefinition = "jsonb")
    public String attributes;
    /** The messages as sent: [{type, role, body}]. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(columnDefinition = "jsonb")
    public String parts;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "ingested_at")
    public Instant ingestedAt;
    @Column(name = "processed_at")
    public Instant processedAt;

    public static class Key implements Serializable {
        public String organizationId;
        public String id;

        public Key() {
        }

        public Key(String organizationId, String id) {
            this.organizationId = organizationId;
            this.id = id;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(organizationId, k.organizationId) && Objects.equals(id, k.id);
        }

        @Override
        public int hashCode() {
            return Objects.hash(organizationId, id);
        }
    }
}
