package io.bindery.identity.users;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.DynamicUpdate;

import java.time.Instant;

/** A person who can hold tokens and join organizations. */
@Entity
@DynamicUpdate
@Table(name = "app_user")
class UserAccount extends PanacheEntityBase {
    @Id
    public String id;
    @Column(nullable = false)
    public String email;
    @Column(name = "display_name", nullable = false)
    public String displayName;
    @Column(name = "photo_url")
    public String photoUrl;
    @Column(name = "instance_admin", nullable = false)
    public boolean instanceAdmin;
    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
