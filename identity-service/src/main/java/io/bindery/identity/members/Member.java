package io.bindery.identity.members;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import org.hibernate.annotations.DynamicUpdate;

import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/** A user's membership of an organization; role null means guest. */
@Entity
@DynamicUpdate
@Table(name = "member")
@IdClass(Member.Key.class)
class Member extends PanacheEntityBase {
    @Id
    @Column(name = "organization_id")
    public String organizationId;
    @Id
    @Column(name = "user_id")
    public String userId;
    public String role;
    @Column(name = "joined_at", nullable = false)
    public Instant joinedAt;
    @Column(name = "last_seen_at")
    public Instant lastSeenAt;
    @Column(nullable = false)
    public boolean sso;
    @Column(nullable = false)
    public boolean disabled;

    public static class Key implements Serializable {
        public String organizationId;
        public String userId;

        public Key() {
        }

        public Key(String organizationId, String userId) {
            this.organizationId = organizationId;
            this.userId = userId;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(organizationId, k.organizationId) && Objects.equals(userId, k.userId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(organizationId, userId);
        }
    }
}
