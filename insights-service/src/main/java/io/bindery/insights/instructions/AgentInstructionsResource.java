package io.bindery.insights.instructions;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.json.JsonBody;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.contracts.insights.AgentInstructionsData;
import io.bindery.contracts.insights.InsightsEventTypes;
import io.bindery.insights.access.InsightsAccess;
import io.bindery.insights.access.InsightsPolicy;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

/**
 * The organization's Docs agent instructions: every member reads them, admins write them. A PUT stores updatedAt
 * and updatedBy. A new organization's start empty, made by its first admin when the organization was made
 * ({@link InstructionsOrigin}); for an organization older than that record they are an empty document whose updatedAt
 * (GitBook's OrganizationAgentInstructions requires it, a date-time) is {@link #NEVER_UPDATED}, the Unix epoch, with
 * no updatedBy.
 */
@Path("/v1/orgs/{organizationId}/agent-instructions")
@Produces(MediaType.APPLICATION_JSON)
public class AgentInstructionsResource {
    /** The updatedAt of instructions never written: before any real write, the same on every read. */
    static final Instant NEVER_UPDATED = Instant.EPOCH;

    @Inject
    Caller caller;
    @Inject
    InsightsAccess access;
    @Inject
    EntityManager em;
    @Inject
    EventPublisher events;
    @Inject
    PublicUrls urls;

    /** GitBook's OrganizationAgentInstructions. */
    public record View(String object, Map<String, Object> instructions, Instant updatedAt, String updatedBy,
                       Urls urls) {
        public record Urls(String location) {
        }
    }

    @GET
    @Transactional
    public View get(@PathParam("organizationId") String org) {
        access.member(org, caller.userId());
        return view(org, em.find(AgentInstructions.class, org));
    }

    @PUT
    @Transactional
    public View put(@PathParam("organizationId") String org, JsonNode body) {
        String userId = caller.userId();
        access.member(org, userId).require(InsightsPolicy.Action.ADMIN);
        JsonBody fields = JsonBody.of(body);
        if (!fields.has("instructions")) {
            throw ApiException.badRequest("instructions is required");
        }
        String markdown = RichText.markdown(fields.raw("instructions"), "instructions", true);
        AgentInstructions row = em.find(AgentInstructions.class, org, LockModeType.PESSIMISTIC_WRITE);
        if (row == null) {
            row = new AgentInstructions();
            row.organizationId = org;
        }
        row.markdown = markdown;
        row.updatedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
        row.updatedBy = userId;
        if (!em.contains(row)) {
            em.persist(row);
        }
        events.publish(InsightsEventTypes.AGENT_INSTRUCTIONS_UPDATED, org,
                new AgentInstructionsData(org, row.updatedAt, row.updatedBy));
        return view(org, row);
    }

    private View view(String org, AgentInstructions row) {
        return new View("agent-instructions", RichText.document(row == null ? "" : row.markdown),
                row == null ? NEVER_UPDATED : row.updatedAt, row == null ? null : row.updatedBy,
                new View.Urls(urls.api("/orgs/" + org + "/agent-instructions")));
    }
}
