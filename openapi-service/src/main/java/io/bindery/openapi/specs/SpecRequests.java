package io.bindery.openapi.specs;

import io.bindery.commons.json.WireEnum;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

import java.util.regex.Pattern;

/** The request bodies of the spec endpoints, read at the edge; each wrong field is a 400 naming it. */
public final class SpecRequests {
    /** GitBook's OpenAPISpecSlug: alphanumeric groups separated by single hyphens. */
    static final Pattern SLUG = Pattern.compile("[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*");
    public static final int MAX_SLUG = 100;

    private SpecRequests() {
    }

    /** POST …/openapi: {@code slug} and {@code source}. */
    public record Create(String slug, SpecSource source) {
        public static Create from(JsonNode node, long maxTextChars) {
            JsonBody body = JsonBody.of(node);
            String slug = body.string("slug").orElseThrow(() -> ApiException.badRequest("slug is required"));
            checkSlug(slug);
            return new Create(slug, SpecSource.from(body, maxTextChars));
        }
    }

    /** PUT …/openapi/{specSlug}: {@code source}; creates the spec or gives it a new source. */
    public record Put(SpecSource source) {
        public static Put from(JsonNode node, long maxTextChars) {
            return new Put(SpecSource.from(JsonBody.of(node), maxTextChars));
        }
    }

    /** PATCH …/openapi/{specSlug}: {@code visibility}, private or public. */
    public record Visibility(SpecVisibility visibility) {
        public static Visibility from(JsonNode node) {
            JsonBody body = JsonBody.of(node);
            String value = body.string("visibility").orElseThrow(() -> ApiException.badRequest("visibility is required"));
            return new Visibility(WireEnum.parse(SpecVisibility.class, "visibility", value));
        }
    }

    /** A slug in a path or a body: 1 to 100 characters, alphanumeric groups separated by single hyphens. */
    public static void checkSlug(String slug) {
        if (slug.isEmpty() || slug.length() > MAX_SLUG) {
            throw ApiException.badRequest("slug must be between 1 and " + MAX_SLUG + " characters");
        }
        if (!SLUG.matcher(slug).matches()) {
            throw ApiException.badRequest("slug must be letters and digits in groups separated by single hyphens");
        }
    }
}
