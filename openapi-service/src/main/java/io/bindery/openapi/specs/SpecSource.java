package io.bindery.openapi.specs;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * GitBook's OpenAPISpecSource: {@code {url}} (an absolute http or https URI of at most 2048 characters) or
 * {@code {text}} (the document itself, at least one character). Exactly one of the two.
 */
public record SpecSource(String url, String text) {
    public static final int MAX_URL = 2048;

    /** The body's {@code source} field; 400 naming what is wrong. */
    public static SpecSource from(JsonBody body, long maxTextChars) {
        if (!body.has("source") || body.isNull("source")) {
            throw ApiException.badRequest("source is required: {\"url\": \"https://…\"} or {\"text\": \"openapi: …\"}");
        }
        JsonBody source = body.object("source").orElseThrow();
        boolean hasUrl = source.has("url") && !source.isNull("url");
        boolean hasText = source.has("text") && !source.isNull("text");
        if (hasUrl == hasText) {
            throw ApiException.badRequest("source must have exactly one of url and text");
        }
        for (var it = source.node().fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!field.equals("url") && !field.equals("text")) {
                throw ApiException.badRequest("source." + field + " is not a field of a source (url or text)");
            }
        }
        if (hasUrl) {
            String url = source.string("url").orElseThrow();
            checkUrl(url);
            return new SpecSource(url, null);
        }
        String text = source.string("text").orElseThrow();
        if (text.isEmpty()) {
            throw ApiException.badRequest("source.text must not be empty");
        }
        if (text.length() > maxTextChars) {
            throw ApiException.badRequest("source.text must be at most " + maxTextChars + " characters");
        }
        return new SpecSource(null, text);
    }

    static void checkUrl(String url) {
        if (url.isEmpty() || url.length() > MAX_URL) {
            throw ApiException.badRequest("source.url must be between 1 and " + MAX_URL + " characters");
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw ApiException.badRequest("source.url is not a valid URI: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw ApiException.badRequest("source.url must be an http or https URL");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw ApiException.badRequest("source.url must have a host");
        }
    }

    /** Whether a spec's text is JSON (its first non-blank character opens an object or array), else YAML. */
    public static boolean isJson(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Character.isWhitespace(c)) {
                return c == '{' || c == '[';
            }
        }
        return false;
    }

    /** The name a text source is published under, beside the spec's other published files. */
    static String textFileName(String text) {
        return isJson(text) ? "openapi.json" : "openapi.yaml";
    }
}
