package io.bindery.identity.saml;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.DynamicUpdate;

import java.time.Instant;

/**
 * A SAML identity provider an organization's members may sign in with. Only the label is required at
 * creation: entityID, certificate and ssoURL are empty strings until configured, and the provider is
 * "pending" until all three are set.
 */
@Entity
@DynamicUpdate
@Table(name = "saml_provider")
class SamlProvider extends PanacheEntityBase {
    public static final String ACTIVE = "active";
    public static final String PENDING = "pending";

    @Id
    public String id;
    @Column(name = "organization_id", nullable = false)
    public String organizationId;
    @Column(nullable = false)
    public String label;
    @Column(name = "entity_id", nullable = false)
    public String entityId = "";
    @Column(nullable = false)
    public String certificate = "";
    @Column(name = "sso_url", nullable = false)
    public String ssoUrl = "";
    /** A team of the same organization that users signing in through this provider join; null for none. */
    @Column(name = "default_team_id")
    public String defaultTeamId;
    /** The role users signing in through this provider get; null for guest. */
    @Column(name = "default_role")
    public String defaultRole;
    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    public String status() {
        return entityId.isEmpty() || certificate.isEmpty() || ssoUrl.isEmpty() ? PENDING : ACTIVE;
    }
}
