package io.bindery.insights.instructions;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.json.JsonBody;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.contracts.insights.AgentInstructionsData;
import io.bindery.contracts.insights.InsightsEventTypes;
import io.bindery.insights.access.InsightsAccess;
import io.bindery.insights.access.InsightsPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Reading and writing an organization's Docs agent instructions: every member reads them, admins write them. A write
 * stores updatedAt and updatedBy. A new organization's start empty, made by its first admin when the organization
 * was made ({@link InstructionsOrigin}); for an organization older than that record they are an empty document whose
 * updatedAt (GitBook's OrganizationAgentInstructions requires it, a date-time) is {@link #NEVER_UPDATED}, the Unix
 * epoch, with no updatedBy.
 */
@ApplicationScoped
public class Instructions {
    /** The updatedAt of instructions never written: before any real write, the same on every read. */
    static final Instant NEVER_UPDATED = Instant.EPOCH;

    @Inject
    AgentInstructionsStore store;
    @Inject
    InsightsAccess access;
    @Inject
    EventPublisher events;
    @Inject
    PublicUrls urls;

    @Transactional
    public AgentInstructionsView get(String organizationId, String userId) {
        access.member(organizationId, userId);
        return view(organizationId, store.find(organizationId));
    }

    /** PUT: {@code instructions} (a rich-text document) replaces them; announced as agent instructions updated. */
    @Transactional
    public AgentInstructionsView put(String organizationId, String userId, JsonNode body) {
        access.member(organizationId, userId).require(InsightsPolicy.Action.ADMIN);
        JsonBody fields = JsonBody.of(body);
        if (!fields.has("instructions")) {
            throw ApiException.badRequest("instructions is required");
        }
        String markdown = RichText.markdown(fields.raw("instructions"), "instructions", true);
        AgentInstructions row = store.lock(organizationId);
        boolean created = row == null;
        if (created) {
            row = new AgentInstructions();
            row.organizationId = organizationId;
        }
        row.markdown = markdown;
        row.updatedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
        row.updatedBy = userId;
        if (created) {
            store.insert(row);
        }
        events.publish(InsightsEventTypes.AGENT_INSTRUCTIONS_UPDATED, organizationId,
                new AgentInstructionsData(organizationId, row.updatedAt, row.updatedBy));
        return view(organizationId, row);
    }

    /** The organization's instructions as markdown, for sites-service (who may read them is its call); "" for none. */
    @Transactional
    public String markdown(String organizationId) {
        AgentInstructions row = store.find(organizationId);
        return row == null || row.markdown == null ? "" : row.markdown;
    }

    private AgentInstructionsView view(String organizationId, AgentInstructions row) {
        return new AgentInstructionsView("agent-instructions", RichText.document(row == null ? "" : row.markdown),
                row == null ? NEVER_UPDATED : row.updatedAt, row == null ? null : row.updatedBy,
                new AgentInstructionsView.Urls(urls.api("/orgs/" + organizationId + "/agent-instructions")));
    }
}
