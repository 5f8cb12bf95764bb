package io.bindery.review.access;

import io.bindery.commons.auth.Caller;
import io.bindery.commons.errors.ApiException;
import io.bindery.review.client.ContentClient;
import io.bindery.review.client.SpaceAccess;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;

import java.util.HashMap;
import java.util.Map;

/**
 * The caller's role on a space, asked of content-service (which owns spaces, grants and the space-role rule)
 * once per space and request. A space the caller may not see is a 404, as if it did not exist.
 */
@RequestScoped
public class ReviewAccess {
    @Inject
    ContentClient content;
    @Inject
    Caller caller;

    private final Map<String, SpaceAccess> seen = new HashMap<>();

    public String userId() {
        return caller.userId();
    }

    /** The space with the caller's role; 404 when it does not exist or the caller may not see it. */
    public SpaceAccess space(String spaceId) {
        SpaceAccess access = seen.computeIfAbsent(spaceId, id -> {
            try {
                return content.access(id, caller.userId());
            } catch (ApiException e) {
                if (e.status() == 404 || e.status() == 400) {
                    throw ApiException.notFound("no space " + id);
                }
                throw e;
            }
        });
        if (access.role() == null) {
            throw ApiException.notFound("no space " + spaceId);
        }
        return access;
    }

    /** {@link #require} for {@code userId} rather than the caller (a service acting for a member). */
    public SpaceAccess requireFor(String spaceId, String userId, ChangeRequestPolicy.Action action) {
        SpaceAccess access = spaceFor(spaceId, userId);
        ChangeRequestPolicy.of(access).require(action);
        return access;
    }

    /** {@link #space} for {@code userId} rather than the caller: 404 when that member may not see it. */
    public SpaceAccess spaceFor(String spaceId, String userId) {
        SpaceAccess access;
        try {
            access = content.access(spaceId, userId);
        } catch (ApiException e) {
            if (e.status() == 404 || e.status() == 400) {
                throw ApiException.notFound("no space " + spaceId);
            }
            throw e;
        }
        if (access.role() == null) {
            throw ApiException.notFound("no space " + spaceId + " that " + userId + " can see");
        }
        return access;
    }

    /** The space, provided {@link ChangeRequestPolicy} lets the caller do this there; 403 otherwise (404 when unseen). */
    public SpaceAccess require(String spaceId, ChangeRequestPolicy.Action action) {
        SpaceAccess access = space(spaceId);
        ChangeRequestPolicy.of(access).require(action);
        return access;
    }
}
