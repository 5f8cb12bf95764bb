package io.bindery.identity.teams;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import org.hibernate.annotations.DynamicUpdate;

import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/** A user's place in a team, with its {@link TeamRole}. */
@Entity
@DynamicUpdate
@Table(name = "team_member")
@IdClass(TeamMember.Key.class)
class TeamMember extends PanacheEntityBase {
    @Id
    @Column(name = "team_id")
    public String teamId;
    @Id
    @Column(name = "user_id")
    public String userId;
    @Column(nullable = false)
    @Convert(converter = TeamRole.Column.class)
    public TeamRole role;
    @Column(name = "added_at", nullable = false)
    public Instant addedAt;

    public static class Key implements Serializable {
        public String teamId;
        public String userId;

        public Key() {
        }

        public Key(String teamId, String userId) {
            this.teamId = teamId;
            this.userId = userId;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(teamId, k.teamId) && Objects.equals(userId, k.userId);
        }

        @Override
        public int hashCode() {
            return Objects.hash(teamId, userId);
        }
    }
}
