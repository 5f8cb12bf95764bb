package io.bindery.openapi.specs;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.bindery.openapi.access.SpecPolicy;

import java.time.Instant;
import java.util.List;

/** GitBook's OpenAPISpec. Absent optional fields are left out, as GitBook does. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SpecView(String object, String id, Instant createdAt, Instant updatedAt, String slug, String sourceURL,
                       String processingState, String visibility, String lastVersion, Instant lastProcessedAt,
                       String lastProcessErrorCode, List<ProcessError> lastProcessedErrors,
                       int lastProcessedErrorCount, SpecPolicy.Permissions permissions, Urls urls) {

    /** GitBook's OpenAPIErrorObject, with where the problem is ({@code location}: file, line and column or path). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ProcessError(String message, String code, String location) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Urls(String location, String app, String published) {
    }
}
