package io.bindery.content.authoring;

import io.bindery.commons.errors.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Downloads a file named by URL in an {@code insert_files} change, before the write transaction starts.
 * Server-side fetching can reach internal addresses: operators who do not want that turn it off with
 * {@code bindery.content.file-fetch.enabled=false}.
 */
@ApplicationScoped
public class FileFetcher {
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NORMAL).build();

    @ConfigProperty(name = "bindery.content.file-fetch.enabled", defaultValue = "true")
    boolean enabled;

    public record Fetched(byte[] bytes, String contentType) {
    }

    public Fetched fetch(String url, int maxBytes, String field) {
        if (!enabled) {
            throw ApiException.badRequest(field + ": files by URL are turned off on this server; send base64");
        }
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(field + ": not a valid URL");
        }
        if (uri.getScheme() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https")) || uri.getHost() == null) {
            throw ApiException.badRequest(field + ": only http and https URLs can be fetched");
        }
        try {
            HttpResponse<InputStream> r = client.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream in = r.body()) {
                if (r.statusCode() / 100 != 2) {
                    throw ApiException.badRequest(field + ": fetching " + url + " answered HTTP " + r.statusCode());
                }
                byte[] bytes = in.readNBytes(maxBytes + 1);
                if (bytes.length > maxBytes) {
                    throw ApiException.badRequest(field + ": the file at " + url + " is over " + maxBytes + " bytes");
                }
                return new Fetched(bytes, r.headers().firstValue("content-type").map(t -> t.split(";")[0].trim()).orElse(null));
            }
        } catch (IOException e) {
            throw ApiException.badRequest(field + ": could not fetch " + url + " (" + e.getClass().getSimpleName() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiException.badRequest(field + ": interrupted while fetching " + url);
        }
    }
}
