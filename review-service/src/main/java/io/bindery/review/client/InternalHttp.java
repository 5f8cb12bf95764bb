package io.bindery.review.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.errors.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * JSON over HTTP to another service's internal API, with a service token for that service ({@link ServiceTokens}).
 * Its 4xx answers reach our client unchanged (status and message), except a 401 (our credential refused); that,
 * a 5xx or an unreachable service is a 503.
 */
@ApplicationScoped
public class InternalHttp {
    private static final Logger LOG = Logger.getLogger(InternalHttp.class);
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @ConfigProperty(name = "bindery.internal-call-timeout", defaultValue = "PT30S")
    Duration timeout;
    @Inject
    ObjectMapper json;
    @Inject
    ServiceTokens serviceTokens;

    /** {@code service} is the name of the service called, the audience of the service token the call carries. */
    JsonNode send(String service, String baseUrl, String method, String path, Object body) {
        String url = baseUrl.replaceAll("/+$", "") + path;
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(timeout)
                .header("Content-Type", "application/json").header("Accept", "application/json");
        try {
            String credential = serviceTokens.authorization(service);
            if (credential != null) {
                request.header("Authorization", credential);
            }
            request.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)));
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            int status = response.statusCode();
            if (status >= 200 && status < 300) {
                return json.readTree(response.body());
            }
            String message = errorMessage(response.body());
            if (status == 401) {
                // our credential was refused: a deployment problem, not the client's
                LOG.errorf("%s refused review-service's service token for %s %s: %s", service, method, path, message);
                throw new ApiException(503, service + " refused this service's credential");
            }
            if (status >= 400 && status < 500) {
                throw new ApiException(status, message);
            }
            LOG.warnf("%s answered %d for %s %s: %s", service, status, method, path, message);
            throw new ApiException(503, service + " failed: " + message);
        } catch (IOException e) {
            throw new ApiException(503, service + " unavailable: " + e.getMessage());
        } catch (IllegalStateException e) {
            throw new ApiException(503, "no service token for " + service + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException(503, "interrupted while calling " + service);
        }
    }

    /**
     * As {@link #send(String, String, String, String, Object)}, the answer read as its contract record: a field the
     * other service renamed or retyped is a 503 here, not a silent "" further on.
     */
    <T> T send(String service, String baseUrl, String method, String path, Object body, Class<T> answer) {
        JsonNode tree = send(service, baseUrl, method, path, body);
        try {
            return json.treeToValue(tree, answer);
        } catch (IOException e) {
            LOG.errorf("%s answered %s %s with something that is not a %s: %s", service, method, path,
                    answer.getSimpleName(), e.getMessage());
            throw new ApiException(503, service + " answered an unexpected body");
        }
    }

    /** A path segment or query value: URLEncoder is for forms, so its '+' for a space becomes %20 here. */
    static String segment(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private String errorMessage(String body) {
        try {
            String message = json.readTree(body).path("error").path("message").asText("");
            return message.isEmpty() ? body : message;
        } catch (IOException | RuntimeException e) {
            return body;
        }
    }
}
