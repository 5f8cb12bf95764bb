package io.bindery.review.events;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.events.TopicConsumer;
import io.bindery.contracts.insights.InsightsEventTypes;
import io.bindery.contracts.insights.IssuesClusterData;
import io.bindery.review.changerequests.ChangeRequests;
import io.bindery.review.config.ReviewConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Set;

/**
 * Keeps {@code insights_cluster}, review's copy of insights-service's issues clusters (bindery.insights.events,
 * cluster events keyed by the cluster), so PATCH can tell whether a change request's conversationsIssuesCluster
 * exists in its organization. Idempotent: the newest {@code updatedAt} (the event's time when it has none) wins,
 * and a delete is final. A deleted cluster's change requests lose it in the same transaction, each with a
 * change-request updated event as PATCH publishes.
 */
@ApplicationScoped
public class InsightsEventsConsumer extends TopicConsumer {
    private static final Set<String> CLUSTER_EVENTS = Set.of(InsightsEventTypes.CLUSTER_CREATED,
            InsightsEventTypes.CLUSTER_UPDATED, InsightsEventTypes.CLUSTER_DELETED);

    @Inject
    ChangeRequests changeRequests;
    @Inject
    ReviewConfig config;

    @Override
    protected String topic() {
        return InsightsEventTypes.TOPIC;
    }

    @Override
    protected boolean enabled() {
        return config.consumers().insightsEvents().enabled();
    }

    @Override
    protected void apply(JsonNode event) {
        String type = event.path("type").asText();
        JsonNode data = event.path("data");
        if (!CLUSTER_EVENTS.contains(type) || !data.isObject()) {
            return; // conversations, issues, translations: nothing review keeps
        }
        IssuesClusterData cluster = dataAs(data, IssuesClusterData.class);
        if (blank(cluster.id()) || blank(cluster.organization())) {
            return; // names no cluster of an organization
        }
        Instant at = cluster.updatedAt() != null ? cluster.updatedAt() : time(event);
        boolean deleted = InsightsEventTypes.CLUSTER_DELETED.equals(type);
        changeRequests.clusterChanged(cluster.id(), cluster.organization(), deleted, at);
        if (deleted) {
            changeRequests.clusterDeleted(cluster.id());
        }
    }

    /** The envelope's time; without a readable one, now (a later event of the cluster then still wins). */
    private static Instant time(JsonNode event) {
        try {
            return Instant.parse(event.path("time").asText());
        } catch (DateTimeParseException e) {
            return Instant.now();
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isEmpty();
    }
}
