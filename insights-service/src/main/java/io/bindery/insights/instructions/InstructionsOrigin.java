package io.bindery.insights.instructions;

import io.bindery.commons.projection.IdentityEvent;
import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.contracts.identity.MemberAdded;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * An organization's agent instructions come into being, empty, with the organization: made by its first admin (who
 * created it), when that member joined. GitBook's OrganizationAgentInstructions requires {@code updatedBy}, and so
 * the instructions of a new organization name someone true before anyone writes them. Fed by identity's
 * {@code bindery.member.added.v1} through the membership projection's consumer, in its transaction; the first admin
 * wins, a redelivery or a later admin changes nothing, and a PUT replaces it all.
 */
@ApplicationScoped
public class InstructionsOrigin {
    @Inject
    AgentInstructionsStore store;

    void memberAdded(@Observes IdentityEvent event) {
        MemberAdded added = IdentityEventTypes.MEMBER_ADDED.equals(event.type()) ? event.data(MemberAdded.class) : null;
        if (added == null || !"admin".equals(added.role()) || added.organization() == null || added.user() == null
                || added.joinedAt() == null) {
            return;
        }
        store.createEmpty(added.organization(), added.joinedAt(), added.user());
    }
}
