package io.bindery.insights.clusters;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.insights.access.InsightsAccess;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Reading and listing clusters, with their weekly pulse and sources counted from their issues. */
@ApplicationScoped
public class ClusterViews {
    static final int WEEKS = 13;
    private static final Map<String, Keyset<IssuesCluster>> ORDERS = Map.of(
            "updatedAt", Keyset.descending(SortKey.instant("updated_at", c -> c.updatedAt), SortKey.text("id", c -> c.id)),
            "createdAt", Keyset.descending(SortKey.instant("created_at", c -> c.createdAt), SortKey.text("id", c -> c.id)),
            "issues", Keyset.descending(SortKey.number("issue_count", c -> (double) c.issueCount), SortKey.text("id", c -> c.id)));

    @Inject
    ClusterStore store;
    @Inject
    InsightsAccess access;
    @Inject
    PublicUrls urls;

    /** order: asc or desc (default); orderBy: updatedAt (default), createdAt or issues. */
    @Transactional
    public ListPage<ClusterView> list(String organizationId, String userId, String order, String orderBy, String source,
                                      String page, int limit) {
        access.member(organizationId, userId);
        Keyset<IssuesCluster> keyset = ORDERS.get(orderBy == null || orderBy.isBlank() ? "updatedAt" : orderBy);
        if (keyset == null) {
            throw ApiException.badRequest("orderBy must be one of " + new TreeMap<>(ORDERS).keySet());
        }
        if (order != null && !order.isBlank() && !order.equals("asc") && !order.equals("desc")) {
            throw ApiException.badRequest("order must be asc or desc");
        }
        keyset = keyset.descending(!"asc".equals(order));
        return store.page(keyset.page(page, limit), organizationId, source).render(this::views);
    }

    /** Views of clusters with one query for their weekly counts and one for their sources. */
    List<ClusterView> views(List<IssuesCluster> rows) {
        if (rows.isEmpty()) {
            return List.of();
        }
        List<String> ids = rows.stream().map(c -> c.id).toList();
        Instant now = Instant.now();
        Map<String, int[]> pulses = new HashMap<>();
        for (ClusterStore.WeekCount w : store.weekCounts(ids, now, now.minus(Duration.ofDays(7L * WEEKS)))) {
            if (w.week() < WEEKS) {
                pulses.computeIfAbsent(w.clusterId(), id -> new int[WEEKS])[WEEKS - 1 - w.week()] += w.count();
            }
        }
        Map<String, Map<String, Integer>> sources = new HashMap<>();
        for (ClusterStore.SourceCount s : store.sourceCounts(ids)) {
            sources.computeIfAbsent(s.clusterId(), id -> new TreeMap<>()).put(s.source(), s.count());
        }
        List<ClusterView> out = new ArrayList<>(rows.size());
        for (IssuesCluster c : rows) {
            int[] pulse = pulses.getOrDefault(c.id, new int[WEEKS]);
            out.add(new ClusterView("issues-cluster", c.id, c.label, c.createdAt, c.updatedAt, c.icon, c.summary,
                    Arrays.stream(pulse).boxed().toList(), sources.getOrDefault(c.id, Map.of()),
                    new ClusterView.Stats(c.issueCount, c.conversationCount), new ClusterView.Urls(
                    urls.api("/orgs/" + c.organizationId + "/conversations-issues?cluster=" + c.id))));
        }
        return out;
    }
}
