package io.bindery.openapi.versions;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/** One processed content of a spec; its files are SpecVersionFile rows. */
@Entity
@Table(name = "openapi_spec_version")
public class SpecVersion extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "spec_id")
    public String specId;
    /** Where the content came from: the source URL, or for a spec given as text its published address. */
    public String url;
    @Column(name = "content_hash")
    public String contentHash;
    /** {@link Summary} as JSON. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(columnDefinition = "jsonb")
    public String summary;
    @Column(name = "created_at")
    public Instant createdAt;
}
