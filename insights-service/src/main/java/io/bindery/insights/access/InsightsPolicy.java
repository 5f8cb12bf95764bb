package io.bindery.insights.access;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;

/**
 * What a member may do with an organization's insights, from its role there. Every member reads conversations,
 * issues, clusters, translations and the agent's instructions; ingesting conversations is GitBook's
 * {@code ingestConversations} permission, which identity grants with create (as {@code createContent}); translations
 * are managed and run by the same members; the agent's instructions are written by admins.
 */
public record InsightsPolicy(Role role) {
    public enum Action {
        VIEW, INGEST, TRANSLATE, ADMIN
    }

    public boolean allows(Action action) {
        return switch (action) {
            case VIEW -> true;
            case INGEST, TRANSLATE -> role.atLeast(Role.CREATE);
            case ADMIN -> role == Role.ADMIN;
        };
    }

    /** 403 unless allowed (membership, a 404 otherwise, is checked before a policy exists). */
    public void require(Action action) {
        if (!allows(action)) {
            throw ApiException.forbidden(switch (action) {
                case VIEW -> "this needs a member role in the organization";
                case INGEST -> "ingesting conversations needs the ingestConversations permission (create or admin role)";
                case TRANSLATE -> "managing translations needs the create or admin role in the organization";
                case ADMIN -> "only admins of the organization may do this";
            });
        }
    }
}
