package io.bindery.sites.site;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A docs site of an organization; its settings as GitBook's Site resource names them. */
@Entity
@Table(name = "site")
public class Site extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "organization_id")
    public String organizationId;
    @Convert(converter = SiteType.Converter.class)
    public SiteType type;
    public String title;
    @Convert(converter = SiteVisibility.Converter.class)
    public SiteVisibility visibility;
    public boolean published;
    public String basename;
    public String hostname;
    /** {@code host/path} where another site serves this one under a subdirectory; null: not proxied. */
    public String proxy;
    @Column(name = "adaptive_content")
    public boolean adaptiveContent;
    @Column(name = "agents_context")
    @Convert(converter = AgentsContext.Converter.class)
    public AgentsContext agentsContext;
    /** The adaptive schema's JSON text; null until one is set (see AdaptiveSchemas.DEFAULT). */
    @Column(name = "adaptive_schema")
    public String adaptiveSchema;
    @Column(name = "adaptive_schema_updated_at")
    public Instant adaptiveSchemaUpdatedAt;
    /** The customization as last PUT (JSON text), merged over the defaults when read; null: the defaults. */
    public String customization;
    /** The HS256 secret of visitor tokens (see VisitorAuth); null only for sites made before it existed. */
    @Column(name = "visitor_key")
    public String visitorKey;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;
}
