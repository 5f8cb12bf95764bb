package io.bindery.insights.translations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.errors.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link SpaceContent} over content-service's and review-service's public API ({@code bindery.content-url},
 * {@code bindery.review-url}), with the user's token. Their 4xx answers come back as the same status and message;
 * a service that cannot be reached is a 503.
 */
@ApplicationScoped
public class HttpSpaceContent implements SpaceContent {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @ConfigProperty(name = "bindery.content-url", defaultValue = "http://127.0.0.1:8082")
    String contentUrl;
    @ConfigProperty(name = "bindery.review-url", defaultValue = "http://127.0.0.1:8083")
    String reviewUrl;
    @Inject
    ObjectMapper json;

    @Override
    public Space space(String spaceId, String token) {
        return space(call(contentUrl, "GET", "/v1/spaces/" + enc(spaceId), null, token));
    }

    @Override
    public List<Page> pages(String spaceId, String changeRequest, String token) {
        String path = changeRequest == null ? "/v1/spaces/" + enc(spaceId) + "/content/pages"
                : "/v1/spaces/" + enc(spaceId) + "/change-requests/" + enc(changeRequest) + "/content/pages";
        List<Page> out = new ArrayList<>();
        flatten(call(contentUrl, "GET", path + "?metadata=false", null, token).path("pages"), null, out);
        return out;
    }

    private static void flatten(JsonNode pages, String parentPath, List<Page> out) {
        for (JsonNode p : pages) {
            String type = p.path("type").asText("document");
            if (type.equals("document")) {
                out.add(new Page(p.path("id").asText(), p.path("title").asText(), p.path("slug").asText(),
                        p.path("path").asText(), parentPath));
            }
            // a group's or a link's children are under the nearest document above them
            flatten(p.path("pages"), type.equals("document") ? p.path("path").asText() : parentPath, out);
        }
    }

    @Override
    public String markdown(String spaceId, String pageId, String token) {
        return call(contentUrl, "GET", "/v1/spaces/" + enc(spaceId) + "/content/page/" + enc(pageId)
                + "?format=markdown&metadata=false", null, token).path("markdown").asText("");
    }

    @Override
    public Space createSpace(String organizationId, String title, String parent, String language, String token) {
        ObjectNode body = json.createObjectNode().put("title", title).put("language", language);
        if (parent != null) {
            body.put("parent", parent);
        }
        return space(call(contentUrl, "POST", "/v1/orgs/" + enc(organizationId) + "/spaces", body, token));
    }

    @Override
    public String openChangeRequest(String spaceId, String subject, String token) {
        ObjectNode body = json.createObjectNode().put("subject", subject).put("status", "open");
        return call(reviewUrl, "POST", "/v1/spaces/" + enc(spaceId) + "/change-requests", body, token)
                .path("id").asText();
    }

    @Override
    public void write(String spaceId, String changeRequest, ArrayNode changes, String token) {
        ObjectNode body = json.createObjectNode();
        body.set("changes", changes);
        call(contentUrl, "POST", "/v1/spaces/" + enc(spaceId) + "/change-requests/" + enc(changeRequest) + "/content",
                body, token);
    }

    @Override
    public String merge(String spaceId, String changeRequest, String token) {
        return call(reviewUrl, "POST", "/v1/spaces/" + enc(spaceId) + "/change-requests/" + enc(changeRequest)
                + "/merge", json.createObjectNode(), token).path("revision").asText(null);
    }

    private static Space space(JsonNode s) {
        return new Space(s.path("id").asText(), s.path("title").asText(""), s.path("organization").asText(null),
                s.path("parent").asText(null), s.path("revision").asText(null));
    }

    private JsonNode call(String base, String method, String path, JsonNode body, String token) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(60)).header("Authorization", "Bearer " + token)
                .header("Accept", "application/json");
        if (body != null) {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(body.toString()));
        } else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        HttpResponse<String> response;
        try {
            response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new ApiException(503, "content or review service unreachable: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException(503, "interrupted");
        }
        JsonNode answer;
        try {
            answer = response.body().isEmpty() ? json.createObjectNode() : json.readTree(response.body());
        } catch (IOException e) {
            throw new ApiException(502, method + " " + path + " answered no JSON (" + response.statusCode() + ")");
        }
        int status = response.statusCode();
        if (status >= 400) {
            String message = answer.path("error").path("message").asText("HTTP " + status);
            throw new ApiException(status >= 500 ? 502 : status, method + " " + path + ": " + message);
        }
        return answer;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
