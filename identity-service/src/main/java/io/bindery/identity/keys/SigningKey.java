package io.bindery.identity.keys;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.DynamicUpdate;

import java.time.Instant;

/** The RS256 key tokens are signed with, created at first start and kept (as a private JWK). */
@Entity
@DynamicUpdate
@Table(name = "signing_key")
public class SigningKey extends PanacheEntityBase {
    @Id
    public String kid;
    @Column(name = "private_jwk", nullable = false, columnDefinition = "text")
    public String privateJwk;
    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
