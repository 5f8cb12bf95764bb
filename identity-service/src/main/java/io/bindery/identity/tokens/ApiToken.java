package io.bindery.identity.tokens;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.DynamicUpdate;

import java.time.Instant;

/** An issued API token (only its id and lifetime: the JWT itself is never stored). */
@Entity
@DynamicUpdate
@Table(name = "api_token")
class ApiToken extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "user_id", nullable = false)
    public String userId;
    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
    @Column(name = "expires_at", nullable = false)
    public Instant expiresAt;
    @Column(name = "revoked_at")
    public Instant revokedAt;
    @Column(name = "revocation_seq")
    public Long revocationSeq;

    public boolean usableAt(Instant now) {
        return revokedAt == null && expiresAt.isAfter(now);
    }
}
