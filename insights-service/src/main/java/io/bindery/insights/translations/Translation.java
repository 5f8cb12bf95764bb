package io.bindery.insights.translations;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** A translation of a space into another language, with the statistics of its runs. */
@Entity
@Table(name = "translation")
public class Translation {
    @Id
    public String id;
    @Column(name = "organization_id")
    public String organizationId;
    /** pending (never run, a run failed or was interrupted), running, completed. */
    public String status;
    @Column(name = "source_space")
    public String sourceSpace;
    @Column(name = "source_language")
    public String sourceLanguage;
    public String language;
    /** Markdown. */
    public String instructions;
    @Column(name = "result_space")
    public String resultSpace;
    @Column(name = "result_revision")
    public String resultRevision;
    /** The space the first run created, recorded at once (result_space is set when a run completes). */
    @Column(name = "target_space")
    public String targetSpace;
    /** Refreshed while a run is running ({@link TranslationSweep}); null when none ever ran. */
    @Column(name = "heartbeat_at")
    public Instant heartbeatAt;
    public int runs;
    @Column(name = "total_words")
    public int totalWords;
    @Column(name = "total_pages")
    public int totalPages;
    @Column(name = "total_duration")
    public int totalDuration;
    @Column(name = "latest_run_duration")
    public int latestRunDuration;
    @Column(name = "latest_pages")
    public int latestPages;
    @Column(name = "latest_words")
    public int latestWords;
    /** Why the latest run failed (null when it did not). */
    @Column(name = "last_error")
    public String lastError;
    @Column(name = "created_by")
    public String createdBy;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;
}
