package io.bindery.integrations.integrations;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/** A published integration: its public definition, and what only the service and the owner's admins see. */
@Entity
@Table(name = "integration")
public class Integration extends PanacheEntityBase {
    @Id
    public String name;
    @Column(name = "owner_id")
    public String ownerId;
    public String title;
    public String visibility;
    public String target;
    public int version;
    /** The Integration's published fields (see PublishIntegrationRequest.definition). */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(columnDefinition = "jsonb")
    public String definition;
    public String script;
    /** name to value; never returned. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(columnDefinition = "jsonb")
    public String secrets;
    /** The HMAC-SHA256 key deliveries are signed with; shown to the owner's admins only. */
    @Column(name = "signing_secret")
    public String signingSecret;
    /** Bindery's extension: where events are POSTed (null: nowhere until a tunnel is set). */
    @Column(name = "endpoint_url")
    public String endpointUrl;
    /** The development tunnel that takes the events instead of the endpoint (PUT …/dev); null when unset. */
    @Column(name = "dev_tunnel_url")
    public String devTunnelUrl;
    /** True: the tunnel takes every installation's events, not only those of the owning organization. */
    @Column(name = "dev_all")
    public boolean devAll;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;
}
