package io.bindery.insights.clusters;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * GitBook's ConversationsIssuesCluster ({@code object} = issues-cluster). weeklyPulse: issues per week over the last
 * 13 weeks, oldest first, the current week last. urls.location lists the cluster's issues (GitBook has no
 * endpoint for one cluster).
 */
public record ClusterView(String object, String id, String label, Instant createdAt, Instant updatedAt, String icon,
                          String summary, List<Integer> weeklyPulse, Map<String, Integer> sources, Stats stats,
                          Urls urls) {
    public record Stats(int issues, int conversations) {
    }

    public record Urls(String location) {
    }
}
