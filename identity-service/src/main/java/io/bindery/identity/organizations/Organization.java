package io.bindery.identity.organizations;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.DynamicUpdate;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

@Entity
@DynamicUpdate
@Table(name = "organization")
class Organization extends PanacheEntityBase {
    @Id
    public String id;
    @Column(nullable = false)
    public String title;
    public String hostname;
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "email_domains", nullable = false)
    public List<String> emailDomains = new ArrayList<>();
    @Column(nullable = false)
    public String type;
    @Column(name = "use_case")
    public String useCase;
    @Column(name = "community_type")
    public String communityType;
    @Column(name = "default_role")
    public String defaultRole;
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "default_content")
    public JsonNode defaultContent;
    @Column(nullable = false)
    public boolean sso;
    @Column(nullable = false)
    public boolean ai;
    @Column(name = "invite_links", nullable = false)
    public boolean inviteLinks = true;
    @Column(nullable = false)
    public String plan;
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "merge_rules", nullable = false)
    public JsonNode mergeRules;
    @Column(name = "logo_url")
    public String logoUrl;
    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;
}
