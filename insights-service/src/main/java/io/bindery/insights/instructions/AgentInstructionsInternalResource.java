package io.bindery.insights.instructions;

import io.bindery.contracts.insights.AgentInstructionsMarkdown;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * Internal (never routed by the gateway; a service token): an organization's agent instructions as markdown, for
 * sites-service, which ends every page it serves to agents with them. Sites decides itself who may read the site.
 */
@Path("/internal/orgs/{organizationId}/agent-instructions")
@Produces(MediaType.APPLICATION_JSON)
public class AgentInstructionsInternalResource {
    @Inject
    EntityManager em;

    @GET
    @Transactional
    public AgentInstructionsMarkdown get(@PathParam("organizationId") String org) {
        AgentInstructions row = em.find(AgentInstructions.class, org);
        return new AgentInstructionsMarkdown(org, row == null || row.markdown == null ? "" : row.markdown);
    }
}
