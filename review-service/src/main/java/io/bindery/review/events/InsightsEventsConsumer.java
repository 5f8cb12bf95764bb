package io.bindery.review.events;

import io.bindery.commons.events.Delivery;
import io.bindery.commons.events.TopicConsumer;
import io.bindery.contracts.insights.InsightsEventTypes;
import io.bindery.contracts.insights.IssuesClusterData;
import io.bindery.review.changerequests.ChangeRequests;
import io.bindery.review.config.ReviewConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
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
    protected void handlers() {
        on(CLUSTER_EVENTS, IssuesClusterData.class, this::clusterChanged); // conversations, issues, translations: nothing review keeps
    }

    private void clusterChanged(Delivery<IssuesClusterData> event) {
        IssuesClusterData cluster = event.data();
        if (blank(cluster.id()) || blank(cluster.organization())) {
            return; // names no cluster of an organization
        }
        // without a time of its own or the envelope's, now (a later event of the cluster then still wins)
        Instant at = cluster.updatedAt() != null ? cluster.updatedAt() : event.timeOr(Instant.now());
        boolean deleted = InsightsEventTypes.CLUSTER_DELETED.equals(event.type());
        changeRequests.clusterChanged(cluster.id(), cluster.organization(), deleted, at);
        if (deleted) {
            changeRequests.clusterDeleted(cluster.id());
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isEmpty();
    }
}
