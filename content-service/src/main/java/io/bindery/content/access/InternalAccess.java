package io.bindery.content.access;

import io.bindery.content.items.ContentViews;
import io.bindery.contracts.content.SpaceAccessResponse;
import io.bindery.contracts.content.ReadableSpacesResponse;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.projection.Membership;
import io.bindery.content.domain.Space;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.util.List;
import java.util.Optional;

/**
 * What the review service asks content about a user (internal API): its role on a space and the spaces of an
 * organization it may read, by the same rule ({@link ContentAccess}) the content API applies to callers.
 */
@ApplicationScoped
public class InternalAccess {
    @Inject
    ContentAccess access;
    @Inject
    ContentViews views;
    @Inject
    EntityManager em;

    /** 404 for an unknown or deleted space: there is nothing to review on a space in the bin. */
    public SpaceAccessResponse access(String spaceId, String userId) {
        String user = requireUser(userId);
        Space s = Space.findById(spaceId);
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
        var query = em.createNativeQuery("SELECT t.id FROM space t WHERE t.organization_id = :org AND t.deleted_at IS NULL"
                        + (filter == null ? "" : " AND " + filter.sql()) + " ORDER BY t.created_at, t.id", String.class)
                .setParameter("org", organizationId);
        if (filter != null) {
            query.setParameter("viewer", filter.viewer());
        }
        @SuppressWarnings("unchecked")
        List<String> ids = query.getResultList();
        return new ReadableSpacesResponse(ids);
    }

    private static String requireUser(String userId) {
        if (userId == null || userId.isBlank()) {
            throw ApiException.badRequest("user is required (the user id to check)");
        }
        return userId;
    }
}
