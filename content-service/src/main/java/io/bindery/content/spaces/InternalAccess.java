package io.bindery.content.spaces;

import io.bindery.content.access.ContentAccess;
import io.bindery.content.items.ContentViews;
import io.bindery.contracts.content.SpaceAccessResponse;
import io.bindery.contracts.content.ReadableSpacesResponse;
import io.bindery.contracts.content.SpaceData;
import io.bindery.contracts.content.SpaceViewsRequest;
import io.bindery.contracts.content.SpaceViewsResponse;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.projection.Membership;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What other services ask content about a user (internal API): its role on a space, the spaces of an organization
 * it may read (review), and spaces as it sees them (sites, which embeds them in site spaces), by the same rule
 * ({@link ContentAccess}) the content API applies to callers.
 */
@ApplicationScoped
public class InternalAccess {
    @Inject
    ContentAccess access;
    @Inject
    ContentViews views;
    @Inject
    SpaceStore store;
    @Inject
    ObjectMapper json;

    /** 404 for an unknown or deleted space: there is nothing to review on a space in the bin. */
    public SpaceAccessResponse access(String spaceId, String userId) {
        String user = requireUser(userId);
        Space s = store.find(spaceId);
        if (s == null || s.deleted()) {
            throw ApiException.notFound("no space " + spaceId);
        }
        Optional<Membership> member = access.membership(s.organizationId, user);
        Role role = member.flatMap(m -> access.role(m, s)).orElse(null);
        SpaceAccessResponse.Space summary = new SpaceAccessResponse.Space(s.id, s.organizationId, s.title, s.editMode.wire(),
                s.mergeRules == null ? null : views.mergeRules(s.mergeRules), s.revisionId, false);
        return new SpaceAccessResponse(summary, Role.wireOf(role));
    }

    /** The live spaces of the organization the user can read, oldest first; 404 when it is not a member. */
    public ReadableSpacesResponse readableSpaces(String organizationId, String userId) {
        Membership member = access.requireMember(organizationId, requireUser(userId));
        ContentAccess.VisibilityFilter filter = access.visibilityFilter(member);
        List<String> ids = store.liveIds(organizationId, filter);
        return new ReadableSpacesResponse(ids);
    }

    /**
     * The Space resources the user may read among {@code request.spaces()}, with the user's permissions, in the
     * order asked: unknown, deleted, unreadable spaces and those of another organization are left out. 404 when
     * the user is not a member.
     */
    public SpaceViewsResponse spaceViews(String organizationId, SpaceViewsRequest request) {
        if (request == null || request.spaces() == null) {
            throw ApiException.badRequest("spaces is required (the space ids to show)");
        }
        if (request.spaces().size() > SpaceViewsRequest.MAX_SPACES) {
            throw ApiException.badRequest("at most " + SpaceViewsRequest.MAX_SPACES + " spaces at once");
        }
        Membership member = access.requireMember(organizationId, requireUser(request.user()));
        List<String> ids = new ArrayList<>(new LinkedHashSet<>(request.spaces()));
        Map<String, Space> found = ids.isEmpty() ? Map.of() : store.all(ids).stream()
                .collect(Collectors.toMap(s -> s.id, Function.identity()));
        List<SpaceData> out = new ArrayList<>();
        for (String id : ids) {
            Space s = found.get(id);
            if (s == null || s.deleted() || !s.organizationId.equals(organizationId)) {
                continue;
            }
            access.role(member, s).ifPresent(role -> out.add(json.convertValue(views.space(s.row(), role), SpaceData.class)));
        }
        return new SpaceViewsResponse(out);
    }

    private static String requireUser(String userId) {
        if (userId == null || userId.isBlank()) {
            throw ApiException.badRequest("user is required (the user id to check)");
        }
        return userId;
    }
}
