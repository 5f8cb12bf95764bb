package io.bindery.insights.instructions;

import io.bindery.contracts.insights.AgentInstructionsApi;
import io.bindery.contracts.insights.AgentInstructionsMarkdown;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * Internal (never routed by the gateway; a service token): an organization's agent instructions as markdown, for
 * sites-service, which ends every page it serves to agents with them. Sites decides itself who may read the site.
 * Path and media type are the contract's ({@link AgentInstructionsApi}); a JAX-RS annotation here would hide them.
 */
// a resource's default scope, said here because the class has no @Path of its own to make it a bean
@Singleton
public class AgentInstructionsInternalResource implements AgentInstructionsApi {
    @Inject
    Instructions instructions;

    @Override
    public AgentInstructionsMarkdown agentInstructions(String authorization, String org) {
        return new AgentInstructionsMarkdown(org, instructions.markdown(org));
    }
}
