package io.bindery.integrations.sources;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.events.Delivery;
import io.bindery.commons.events.TopicConsumer;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.integrations.config.IntegrationsConfig;
import io.bindery.integrations.events.IntegrationEvents;
import io.bindery.integrations.gitsync.GitSyncLoop;
import io.bindery.integrations.gitsync.GitSyncRuns;
import io.bindery.integrations.targets.TargetKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

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
    @Inject
    GitSyncLoop gitSync;

    /** What is read of review's ChangeRequest (the event data is the API's view). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record ChangeRequestRef(String id, String space, Integer number, String subject, String status,
                            String revisionMerged, UserRef createdBy, Urls urls) {
        @JsonIgnoreProperties(ignoreUnknown = true)
        record UserRef(String id) {
        }

        @JsonIgnoreProperties(ignoreUnknown = true)
        record Urls(String app) {
        }
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
    protected void handlers() {
        on(List.of(ReviewEventTypes.CHANGE_REQUEST_CREATED, ReviewEventTypes.CHANGE_REQUEST_MERGED),
                ChangeRequestRef.class, this::changeRequest);
        on(ReviewEventTypes.COMMENT_CREATED, CommentRef.class, this::comment);
    }

    private void changeRequest(Delivery<ChangeRequestRef> event) {
        ChangeRequestRef cr = event.data();
        if (cr.id() == null || cr.space() == null) {
            throw new IllegalArgumentException("a change request without id or space");
        }
        ObjectNode fields = JsonNodeFactory.instance.objectNode().put("changeRequestId", cr.id());
        if (cr.number() != null) {
            fields.put("number", cr.number());
        }
        if (cr.subject() != null) {
            fields.put("subject", cr.subject());
        }
        boolean merged = ReviewEventTypes.CHANGE_REQUEST_MERGED.equals(event.type());
        if (merged && cr.revisionMerged() != null) {
            fields.put("revisionId", cr.revisionMerged());
        }
        if (merged) {
            // a synced space's merged change request is exported to Git as one commit (first: it does not wait for
            // the space to be known here; a redelivery exports an unchanged space, which commits nothing)
            gitSync.merged(cr.space(), new GitSyncRuns.Merged(cr.id(), cr.number() == null ? 0 : cr.number(),
                    cr.subject(), cr.createdBy() == null ? null : cr.createdBy().id(),
                    cr.urls() == null ? null : cr.urls().app(), cr.revisionMerged()));
        }
        record(event, cr.space(), merged ? "change_request_merged" : "change_request_created", fields);
    }

    private void comment(Delivery<CommentRef> event) {
        CommentRef c = event.data();
        if (c.id() == null || c.target() == null || c.target().space() == null) {
            throw new IllegalArgumentException("a comment without id or target space");
        }
        ObjectNode fields = JsonNodeFactory.instance.objectNode().put("commentId", c.id());
        if (c.target().changeRequest() != null) {
            fields.put("changeRequestId", c.target().changeRequest());
        }
        if (c.target().page() != null && c.target().page().id() != null) {
            fields.put("pageId", c.target().page().id());
        }
        record(event, c.target().space(), "comment_created", fields);
    }

    private void record(Delivery<?> event, String spaceId, String integrationType, ObjectNode fields) {
        Sources.Source space = SpaceEvents.space(sources, spaceId, event.time(), true).orElse(null);
        if (space == null) {
            return;
        }
        integrationEvents.recordPlatformEvent(event.id(), space.organizationId(), TargetKind.SPACE,
                space.id(), Scopes.SPACE_CONTENT, integrationType, fields);
    }
}
