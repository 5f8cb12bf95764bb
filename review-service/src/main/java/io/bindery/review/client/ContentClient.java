package io.bindery.review.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.client.InternalClients;
import io.bindery.commons.client.InternalCall;
import io.bindery.commons.client.InternalErrors;
import io.bindery.commons.errors.ApiException;
import io.bindery.contracts.content.BranchCreateRequest;
import io.bindery.contracts.content.BranchMergeRequest;
import io.bindery.contracts.content.BranchOutcome;
import io.bindery.contracts.content.BranchPages;
import io.bindery.contracts.content.BranchResponse;
import io.bindery.contracts.content.ReadableSpacesResponse;
import io.bindery.contracts.content.SpaceAccessResponse;
import io.bindery.review.config.ReviewConfig;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;

import java.util.List;
import java.util.function.Function;

/**
 * Calls content-service's internal API (never routed by the gateway): the caller's role on a space, and the
 * branches that hold change requests' content. Content's 4xx answers (unknown page, merge conflict, …) reach
 * the client unchanged ({@link InternalErrors}); an unreachable content is a 503. Reads are retried when content
 * could not be reached; a create, update or merge never is (content may have done it).
 */
@ApplicationScoped
public class ContentClient {
    static final String SERVICE = "content-service";

    @Inject
    ReviewConfig config;
    @Inject
    ServiceTokens serviceTokens;
    @Inject
    ObjectMapper json;

    ContentApi api;

    @PostConstruct
    void build() {
        // built here rather than injected so that the timeouts stay review's keys (Durations, see ReviewConfig)
        api = InternalClients.build(ContentApi.class, SERVICE, config.contentUrl(), config.internalCallConnectTimeout(),
                config.internalCallTimeout());
    }

    /** The space and the user's role on it; 404 when the space does not exist or is deleted. */
    public SpaceAccess access(String spaceId, String userId) {
        SpaceAccessResponse body = read("access", auth -> api.access(auth, spaceId, userId));
        return SpaceAccess.of(body, json.valueToTree(body.space().mergeRules()));
    }

    /** Ids of the organization's spaces the user can read; 404 when it is not a member. */
    public List<String> readableSpaces(String organizationId, String userId) {
        ReadableSpacesResponse body = read("readableSpaces", auth -> api.readableSpaces(auth, organizationId, userId));
        return body.spaces() == null ? List.of() : body.spaces();
    }

    /**
     * Creates the branch of a new change request, starting with a catalogue template when one is named (an
     * unknown one is a 400 and creates nothing), from {@code revision} of the space (null: its current one).
     */
    public BranchResponse createBranch(String spaceId, String id, String createdBy, String template, String subject,
                                       String revision) {
        return call(auth -> {
            // the contract answers a Response for its 201; a 4xx is thrown before, as for the typed calls
            try (Response created = api.createBranch(auth, spaceId, json.valueToTree(
                    new BranchCreateRequest(id, createdBy, template, subject, revision)))) {
                return created.readEntity(BranchResponse.class);
            }
        });
    }

    public BranchResponse branch(String spaceId, String branchId) {
        return read("branch", auth -> api.branch(auth, spaceId, branchId));
    }

    /** Brings main into the branch: {revision, result:"update", changeRequest}; 409 on a conflict. */
    public BranchOutcome update(String spaceId, String branchId) {
        return call(auth -> api.update(auth, spaceId, branchId));
    }

    /** Merges the branch into main: {revision, result:"merge", changeRequest}; 409 on a conflict. */
    public BranchOutcome merge(String spaceId, String branchId, String mergedBy, String subject, Integer comments) {
        return call(auth -> api.merge(auth, spaceId, branchId,
                json.valueToTree(new BranchMergeRequest(mergedBy, subject, comments))));
    }

    /**
     * The branch head's pages in tree order with their markdown (one page with {@code pageId}); content answers
     * 400 without reading them when there are more than {@code maxPages} or {@code maxChars} of markdown
     * (0: no limit).
     */
    public BranchPages pages(String spaceId, String branchId, String pageId, int maxPages, long maxChars) {
        return read("pages", auth -> api.pages(auth, spaceId, branchId, maxPages, maxChars, pageId));
    }

    /** One call with the service token; content unreachable (or silent past the timeout) is a 503. */
    private <T> T call(Function<String, T> request) {
        return InternalCall.with(serviceTokens, SERVICE, request);
    }

    /** A read: as {@link #call}, with the internal reads' policy (retried when unreachable, a circuit breaker per method). */
    private <T> T read(String method, Function<String, T> request) {
        return InternalCall.read(ContentClient.class, method, serviceTokens, SERVICE, request);
    }
}
