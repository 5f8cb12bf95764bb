package io.bindery.integrations.sources;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.events.TopicConsumer;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.integrations.config.IntegrationsConfig;
import io.bindery.integrations.events.IntegrationEvents;
import io.bindery.integrations.targets.TargetKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Turns review's change-request and comment events (bindery.review.events) into integration events for every
 * installation that covers the space and holds {@code space:content:read}: {@code change_request_created},
 * {@code change_request_merged} and {@code comment_created} (GitBook 0.167.0 has no types for these; the names
 * follow its {@code space_content_updated}).
 */
@ApplicationScoped
public class ReviewEventsConsumer extends TopicConsumer {
    @Inject
    IntegrationsConfig config;
    @Inject
    Sources sources;
    @Inject
    IntegrationEvents integrationEvents;

    /** What is read of review's ChangeRequest (the event data is the API's view). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record ChangeRequestRef(String id, String space, Integer number, String subject, String status,
                            String revisionMerged) {
    }

    /** What is read of review's Comment. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record CommentRef(String id, Target target) {
        @JsonIgnoreProperties(ignoreUnknown = true)
        record Target(String space, String changeRequest, Page page) {
        }

        @JsonIgnoreProperties(ignoreUnknown = true)
        record Page(String id) {
        }
    }

    @Override
    protected String topic() {
        return ReviewEventTypes.TOPIC;
    }

    @Override
    protected boolean enabled() {
        return config.consumers().reviewEvents().enabled();
    }

    @Override
    protected void apply(JsonNode event) {
        String type = event.path("type").asText();
        JsonNode data = event.path("data");
        if (!data.isObject()) {
            return;
        }
        ObjectNode fields = JsonNodeFactory.instance.objectNode();
        String spaceId;
        String integrationType;
        if (ReviewEventTypes.CHANGE_REQUEST_CREATED.equals(type) || ReviewEventTypes.CHANGE_REQUEST_MERGED.equals(type)) {
            ChangeRequestRef cr = dataAs(data, ChangeRequestRef.class);
            if (cr.id() == null || cr.space() == null) {
                throw new IllegalArgumentException("a change request without id or space");
            }
            spaceId = cr.space();
            fields.put("changeRequestId", cr.id());
            if (cr.number() != null) {
                fields.put("number", cr.number());
            }
            if (cr.subject() != null) {
                fields.put("subject", cr.subject());
            }
            boolean merged = ReviewEventTypes.CHANGE_REQUEST_MERGED.equals(type);
            if (merged && cr.revisionMerged() != null) {
                fields.put("revisionId", cr.revisionMerged());
            }
            integrationType = merged ? "change_request_merged" : "change_request_created";
        } else if (ReviewEventTypes.COMMENT_CREATED.equals(type)) {
            CommentRef c = dataAs(data, CommentRef.class);
            if (c.id() == null || c.target() == null || c.target().space() == null) {
                throw new IllegalArgumentException("a comment without id or target space");
            }
            spaceId = c.target().space();
            fields.put("commentId", c.id());
            if (c.target().changeRequest() != null) {
                fields.put("changeRequestId", c.target().changeRequest());
            }
            if (c.target().page() != null && c.target().page().id() != null) {
                fields.put("pageId", c.target().page().id());
            }
            integrationType = "comment_created";
        } else {
            return;
        }
        Sources.Source space = SpaceEvents.space(sources, spaceId, event, true).orElse(null);
        if (space == null) {
            return;
        }
        integrationEvents.recordPlatformEvent(event.path("id").asText(), space.organizationId(), TargetKind.SPACE,
                space.id(), Scopes.SPACE_CONTENT, integrationType, fields);
    }
}
