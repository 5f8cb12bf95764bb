package io.bindery.review.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.contracts.content.SpaceAccessResponse;
import io.bindery.contracts.content.ReadableSpacesResponse;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.Map;

/**
 * Calls content-service's internal API (never routed by the gateway): the caller's role on a space, and the
 * branches that hold change requests' content. Content's 4xx answers (unknown page, merge conflict, …) reach
 * the client unchanged (see {@link InternalHttp}).
 */
@ApplicationScoped
public class ContentClient {

    @ConfigProperty(name = "bindery.content-url", defaultValue = "http://127.0.0.1:8082")
    String contentUrl;
    @Inject
    InternalHttp http;
    @Inject
    ObjectMapper json;

    /** The space and the user's role on it; 404 when the space does not exist or is deleted. */
    public SpaceAccess access(String spaceId, String userId) {
        SpaceAccessResponse body = http.send("content-service", contentUrl, "GET",
                "/internal/spaces/" + enc(spaceId) + "/access?user=" + enc(userId), null, SpaceAccessResponse.class);
        return SpaceAccess.of(body, json.valueToTree(body.space().mergeRules()));
    }

    /** Ids of the organization's spaces the user can read; 404 when it is not a member. */
    public java.util.List<String> readableSpaces(String organizationId, String userId) {
        ReadableSpacesResponse body = http.send("content-service", contentUrl, "GET",
                "/internal/orgs/" + enc(organizationId) + "/readable-spaces?user=" + enc(userId), null, ReadableSpacesResponse.class);
        return body.spaces() == null ? java.util.List.of() : body.spaces();
    }

    /**
     * Creates the branch of a new change request, starting with a catalogue template when one is named (an
     * unknown one is a 400 and creates nothing): its BranchView (number, revision, revisionInitial, …).
     */
    public JsonNode createBranch(String spaceId, String id, String createdBy, String template) {
        Map<String, String> body = new java.util.HashMap<>(Map.of("id", id, "createdBy", createdBy));
        if (template != null) {
            body.put("template", template);
        }
        return send("POST", "/internal/spaces/" + enc(spaceId) + "/branches", body);
    }

    public JsonNode branch(String spaceId, String branchId) {
        return send("GET", "/internal/spaces/" + enc(spaceId) + "/branches/" + enc(branchId), null);
    }

    /** Brings main into the branch: {revision, result:"update", changeRequest}; 409 on a conflict. */
    public JsonNode update(String spaceId, String branchId) {
        return send("POST", "/internal/spaces/" + enc(spaceId) + "/branches/" + enc(branchId) + "/update", Map.of());
    }

    /** Merges the branch into main: {revision, result:"merge", changeRequest}; 409 on a conflict. */
    public JsonNode merge(String spaceId, String branchId, String mergedBy) {
        return send("POST", "/internal/spaces/" + enc(spaceId) + "/branches/" + enc(branchId) + "/merge",
                Map.of("mergedBy", mergedBy));
    }

    /**
     * The branch head's pages in tree order with their markdown (one page with {@code pageId}); content answers
     * 400 without reading them when there are more than {@code maxPages} or {@code maxChars} of markdown
     * (0: no limit).
     */
    public JsonNode pages(String spaceId, String branchId, String pageId, int maxPages, long maxChars) {
        String query = "?maxPages=" + maxPages + "&maxChars=" + maxChars + (pageId == null ? "" : "&page=" + enc(pageId));
        return send("GET", "/internal/spaces/" + enc(spaceId) + "/branches/" + enc(branchId) + "/pages" + query, null);
    }

    private JsonNode send(String method, String path, Object body) {
        return http.send("content-service", contentUrl, method, path, body);
    }

    private static String enc(String s) {
        return InternalHttp.segment(s);
    }
}
