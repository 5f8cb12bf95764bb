package io.bindery.insights.instructions;

import io.bindery.contracts.insights.AgentInstructionsApi;
import io.bindery.contracts.insights.AgentInstructionsMarkdown;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

/**
 * Internal (never routed by the gateway; a service token): an organization's agent instructions as markdown, for
 * sites-service, which ends every page it serves to agents with them. Sites decides itself who may read the site.
 * Path and media type are the contract's ({@link AgentInstructionsApi}); a JAX-RS annotation here would hide them.
 */
// a resource's default scope, said here because the class has no @Path of its own to make it a bean
@Singleton
public class AgentInstructionsInternalResource implements AgentInstructionsApi {
    @Inject
    EntityManager em;

    @Override
    @Transactional
    public AgentInstructionsMarkdown agentInstructions(String authorization, String org) {
        AgentInstructions row = em.find(AgentInstructions.class, org);
        return new AgentInstructionsMarkdown(org, row == null || row.markdown == null ? "" : row.markdown);
    }
}
