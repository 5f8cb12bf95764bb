package io.bindery.openapi.specs;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;

/** An organization's OpenAPI spec: its source, visibility and where its processing stands. */
@Entity
@Table(name = "openapi_spec")
public class OpenApiSpec extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "organization_id")
    public String organizationId;
    public String slug;
    @Column(name = "source_url")
    public String sourceUrl;
    /** The spec's text when it was given as text instead of a URL. */
    @Column(name = "source_text")
    public String sourceText;
    @Convert(converter = SpecVisibility.Converter.class)
    public SpecVisibility visibility;
    @Convert(converter = ProcessingState.Converter.class)
    @Column(name = "processing_state")
    public ProcessingState processingState;
    /** The processing request in force; null once it completed. */
    public String request;
    @Column(name = "requested_at")
    public Instant requestedAt;
    @Column(name = "progress_at")
    public Instant progressAt;
    public int attempts;
    @Column(name = "last_version")
    public String lastVersion;
    @Column(name = "last_processed_at")
    public Instant lastProcessedAt;
    @Convert(converter = ProcessErrorCode.Converter.class)
    @Column(name = "last_process_error_code")
    public ProcessErrorCode lastProcessErrorCode;
    /** [{message, code, location}], at most bindery.openapi.processing.max-errors-listed. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "last_processed_errors", columnDefinition = "jsonb")
    public String lastProcessedErrors;
    @Column(name = "last_processed_error_count")
    public int lastProcessedErrorCount;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;
}
