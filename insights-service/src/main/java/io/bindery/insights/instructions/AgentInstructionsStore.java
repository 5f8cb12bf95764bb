package io.bindery.insights.instructions;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import java.time.Instant;

/** The SQL of {@code agent_instructions}. Runs in its caller's transaction. */
@ApplicationScoped
public class AgentInstructionsStore {
    @Inject
    EntityManager em;

    /** The organization's instructions; null when it has none. */
    AgentInstructions find(String organizationId) {
        return em.find(AgentInstructions.class, organizationId);
    }

    /** {@link #find}, locked (FOR UPDATE) for the caller's transaction. */
    AgentInstructions lock(String organizationId) {
        return em.find(AgentInstructions.class, organizationId, LockModeType.PESSIMISTIC_WRITE);
    }

    void insert(AgentInstructions row) {
        em.persist(row);
    }

    /** Empty instructions for the organization, by {@code by}; an organization that has some keeps them. */
    void createEmpty(String organizationId, Instant at, String by) {
        em.createNativeQuery("INSERT INTO agent_instructions (organization_id, markdown, updated_at, updated_by)"
                        + " VALUES (:org, '', :at, :by) ON CONFLICT (organization_id) DO NOTHING")
                .setParameter("org", organizationId).setParameter("at", at).setParameter("by", by).executeUpdate();
    }
}
