package io.bindery.insights.translations;

import java.time.Instant;
import java.util.Map;

/** GitBook's Translation ({@code object} = translation); result is left out before the first completed run. */
public record TranslationView(String object, String id, String status, Source source, String language,
                              Map<String, Object> instructions, Result result, Instant createdAt, Instant updatedAt,
                              Stats stats, Permissions permissions, Urls urls) {
    public record Source(String space, String language) {
    }

    /** The target space and revision of the last run, and its language (required by GitBook's later API versions). */
    public record Result(String space, String revision, String language) {
    }

    public record Stats(int runs, int totalWords, int totalPages, int totalDuration, int latestRunDuration,
                        int latestPages, int latestWords) {
    }

    public record Permissions(boolean view, boolean edit) {
    }

    public record Urls(String location) {
    }
}
