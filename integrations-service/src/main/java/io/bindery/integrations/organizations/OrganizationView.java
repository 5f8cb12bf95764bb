package io.bindery.integrations.organizations;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/** An organization as identity last published it (its public Organization object, without permissions). */
@Entity
@Table(name = "organization_view")
public class OrganizationView extends PanacheEntityBase {
    @Id
    public String id;
    public String hostname;
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(columnDefinition = "jsonb")
    public String data;
    public Instant version;
}
