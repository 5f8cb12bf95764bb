package io.bindery.openapi.specs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.contracts.openapi.OpenApiSpecData;
import io.bindery.openapi.access.SpecPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Spec rows as GitBook's OpenAPISpec, their links, and as event data. */
@ApplicationScoped
public class SpecViews {
    private static final TypeReference<List<SpecView.ProcessError>> ERRORS = new TypeReference<>() {
    };

    @Inject
    PublicUrls urls;
    @Inject
    ObjectMapper json;

    public SpecView view(OpenApiSpec row, SpecPolicy policy) {
        return new SpecView("openapi-spec", row.id, row.createdAt, row.updatedAt, row.slug, row.sourceUrl,
                row.processingState.wire(), row.visibility.wire(), row.lastVersion, row.lastProcessedAt,
                row.lastProcessErrorCode == null ? null : row.lastProcessErrorCode.wire(),
                row.lastProcessErrorCode == null ? null : errors(row), row.lastProcessedErrorCount,
                policy.permissions(), new SpecView.Urls(location(row.organizationId, row.slug),
                urls.app("/o/" + row.organizationId + "/openapi/" + row.slug), published(row)));
    }

    public String location(String organizationId, String slug) {
        return urls.api("/orgs/" + organizationId + "/openapi/" + slug);
    }

    /** Where anyone reads a public spec's latest version without a token (see PublishedResource); null when private. */
    public String published(OpenApiSpec row) {
        return row.visibility == SpecVisibility.PUBLIC ? publishedBase(row.organizationId, row.slug) : null;
    }

    /** The published address of a spec's files: the entry point and its relative $refs resolve under it. */
    public String publishedBase(String organizationId, String slug) {
        return urls.app("/openapi/" + URLEncoder.encode(organizationId, StandardCharsets.UTF_8) + "/" + slug + "/latest/");
    }

    List<SpecView.ProcessError> errors(OpenApiSpec row) {
        if (row.lastProcessedErrors == null) {
            return List.of();
        }
        try {
            return json.readValue(row.lastProcessedErrors, ERRORS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored errors do not parse", e);
        }
    }

    public OpenApiSpecData data(OpenApiSpec row) {
        return new OpenApiSpecData(row.id, row.organizationId, row.slug, row.sourceUrl, row.visibility.wire(),
                row.processingState.wire(), row.request, row.lastVersion, row.lastProcessedAt,
                row.lastProcessErrorCode == null ? null : row.lastProcessErrorCode.wire(), row.lastProcessedErrorCount,
                row.createdAt, row.updatedAt);
    }
}
