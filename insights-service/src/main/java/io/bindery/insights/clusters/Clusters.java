package io.bindery.insights.clusters;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.contracts.insights.ConversationIssueData;
import io.bindery.contracts.insights.InsightsEventTypes;
import io.bindery.contracts.insights.IssuesClusterData;
import io.bindery.insights.config.InsightsConfig;
import io.bindery.insights.embeddings.Embedder;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Keeps an organization's issues in clusters. New issues join their nearest cluster at once ({@link #join}); a full
 * recompute ({@link #recompute}, scheduled by {@link ClusteringSchedule}) clusters every issue again with the
 * {@link ClusteringEngine}, and each new cluster takes the id of the old cluster it shares most issues with, so
 * ids survive recomputes. Both hold a per-organization advisory lock for their transaction.
 */
@ApplicationScoped
public class Clusters {
    private static final TypeReference<LinkedHashMap<String, Centroid.Entry>> TERMS = new TypeReference<>() {
    };

    @Inject
    ClusterStore store;
    @Inject
    EventPublisher events;
    @Inject
    ClusteringEngine engine;
    @Inject
    InsightsConfig config;
    @Inject
    ObjectMapper json;
    @Inject
    Embedder embedder;

    /**
     * A new issue joining a cluster, as {@link #join} sees it: its terms ({@link TextFeatures#encode}) and where it
     * is put. The issues feature's row implements it, so that the cluster id is set before {@link #join} flushes.
     */
    public interface Joining {
        String terms();

        void joinCluster(String clusterId);
    }

    /** What a recompute did. */
    public record Recomputed(int issues, int clusters, int moved, long engineMillis) {
    }

    /**
     * Counts the new issues' terms in the organization's document frequencies and puts each issue in the cluster
     * whose centroid its embedding ({@code vectors}, in the same order; null: not embedded) is nearest, when similar
     * enough (else in none until the next recompute). Runs in the caller's transaction.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void join(String organizationId, List<? extends Joining> issues, List<float[]> vectors) {
        store.lock(organizationId);
        Map<String, Integer> added = new HashMap<>();
        for (Joining issue : issues) {
            for (String stem : stems(issue)) {
                added.merge(stem, 1, Integer::sum);
            }
        }
        if (!added.isEmpty()) {
            store.addTermCounts(organizationId, added);
        }
        Instant now = now();
        store.issuesJoined(organizationId, issues.size(), now);
        List<IssuesCluster> clusters = store.clusters(organizationId);
        if (clusters.isEmpty() || issues.isEmpty()) {
            return;
        }
        Map<String, Centroid> centroids = new HashMap<>();
        Map<String, float[]> sums = new HashMap<>();
        Set<String> stems = new HashSet<>();
        for (IssuesCluster c : clusters) {
            Centroid centroid = centroid(c);
            centroids.put(c.id, centroid);
            stems.addAll(centroid.terms.keySet());
            if (c.centroid != null) {
                sums.put(c.id, Embedder.floats(c.centroid));
            }
        }
        issues.forEach(i -> stems.addAll(stems(i)));
        Centroid.Idf idf = store.idf(organizationId, stems);
        Set<IssuesCluster> touched = new LinkedHashSet<>();
        for (int i = 0; i < issues.size(); i++) {
            Joining issue = issues.get(i);
            float[] v = vectors.get(i);
            if (v == null) {
                continue;
            }
            IssuesCluster best = null;
            double bestSim = config.clustering().joinSimilarity();
            for (IssuesCluster c : clusters) {
                float[] sum = sums.get(c.id);
                double sim = sum == null ? -1 : cosine(v, sum);
                if (sim >= bestSim) {
                    best = c;
                    bestSim = sim;
                }
            }
            if (best != null) {
                issue.joinCluster(best.id);
                centroids.get(best.id).add(TextFeatures.decode(issue.terms()));
                float[] sum = sums.get(best.id);
                for (int d = 0; d < sum.length; d++) {
                    sum[d] += v[d];
                }
                best.issueCount++;
                touched.add(best);
            }
        }
        // the joined issues' cluster ids written before conversationCount counts the cluster's issues in SQL
        store.flush();
        for (IssuesCluster c : touched) {
            c.centroid = Embedder.bytes(sums.get(c.id));
            c.conversationCount = store.conversationCount(c.id);
            describe(c, centroids.get(c.id), idf, c.example);
            c.updatedAt = now;
            events.publish(InsightsEventTypes.CLUSTER_UPDATED, c.id, data(c));
        }
    }

    /** Clusters every issue of the organization again (its most recent {@code clustering.max-issues}). */
    @Transactional
    public Recomputed recompute(String organizationId) {
        store.lock(organizationId);
        Instant now = now();
        // the rows are streamed (fetched 500 at a time) straight into the table's small form: neither the rows nor
        // 10,000 issues' decoded terms are ever held at once (the heap is 96 MB, the RSS budget 250 MB)
        embedMissing(organizationId);
        IssueTable table = new IssueTable();
        store.recentIssues(organizationId, config.clustering().maxIssues(), row -> table.add(row.id(),
                row.conversationId(), row.clusterId(), row.terms(),
                row.embedding() == null ? null : Embedder.floats(row.embedding())));
        int n = table.size();
        Centroid.Idf idf = table.idf();
        Map<String, Integer> df = idf.df();
        List<SparseVector> vectors = table.embeddings();
        long started = System.nanoTime();
        double wordWeight = config.clustering().wordWeight();
        int[] labels = engine.cluster(vectors, wordWeight == 0 ? null : table.vectors(), wordWeight);
        long engineMillis = (System.nanoTime() - started) / 1_000_000;

        // new cluster number -> old id it overlaps most (greedy on the largest overlaps, each old id once)
        int k = java.util.Arrays.stream(labels).max().orElse(-1) + 1;
        List<Map<String, Integer>> overlap = new ArrayList<>();
        for (int c = 0; c < k; c++) {
            overlap.add(new HashMap<>());
        }
        for (int i = 0; i < n; i++) {
            String old = table.cluster(i);
            if (labels[i] >= 0 && old != null) {
                overlap.get(labels[i]).merge(old, 1, Integer::sum);
            }
        }
        record Pair(int cluster, String old, int count) {
        }
        List<Pair> pairs = new ArrayList<>();
        for (int c = 0; c < k; c++) {
            int cluster = c;
            overlap.get(c).forEach((old, count) -> pairs.add(new Pair(cluster, old, count)));
        }
        pairs.sort((a, b) -> a.count != b.count ? Integer.compare(b.count, a.count)
                : a.cluster != b.cluster ? Integer.compare(a.cluster, b.cluster) : a.old.compareTo(b.old));
        String[] ids = new String[k];
        Set<String> taken = new HashSet<>();
        for (Pair p : pairs) {
            if (ids[p.cluster] == null && taken.add(p.old)) {
                ids[p.cluster] = p.old;
            }
        }
        Map<String, IssuesCluster> existing = store.clusters(organizationId).stream()
                .collect(Collectors.toMap(c -> c.id, c -> c));

        // members of each new cluster, and its example: the member nearest the centroid
        List<List<Integer>> members = new ArrayList<>();
        for (int c = 0; c < k; c++) {
            members.add(new ArrayList<>());
        }
        for (int i = 0; i < n; i++) {
            if (labels[i] >= 0) {
                members.get(labels[i]).add(i);
            }
        }
        String[] examples = new String[k];
        for (int c = 0; c < k; c++) {
            SparseVector center = SparseVector.centroid(members.get(c).stream().map(vectors::get).toList());
            int example = members.get(c).get(0);
            double nearest = -1;
            for (int i : members.get(c)) {
                double sim = vectors.get(i).dot(center);
                if (sim > nearest) {
                    nearest = sim;
                    example = i;
                }
            }
            examples[c] = table.id(example);
        }
        Map<String, String> titles = store.titles(List.of(examples));
        List<String> movedIds = new ArrayList<>();
        List<String> movedTo = new ArrayList<>();
        for (int c = 0; c < k; c++) {
            if (ids[c] == null) {
                ids[c] = Ids.newId();
            }
            IssuesCluster cluster = existing.remove(ids[c]);
            boolean created = cluster == null;
            if (created) {
                cluster = new IssuesCluster();
                cluster.id = ids[c];
                cluster.organizationId = organizationId;
                cluster.createdAt = now;
            }
            String before = created ? null : cluster.label + "|" + cluster.summary + "|" + cluster.issueCount;
            cluster.issueCount = members.get(c).size();
            cluster.conversationCount = (int) members.get(c).stream().map(table::conversation).distinct().count();
            describe(cluster, table.centroid(members.get(c)), idf, titles.get(examples[c]));
            float[] sum = table.embeddingSum(members.get(c));
            cluster.centroid = sum == null ? null : Embedder.bytes(sum);
            for (int i : members.get(c)) {
                if (!ids[c].equals(table.cluster(i))) {
                    movedIds.add(table.id(i));
                    movedTo.add(ids[c]);
                }
            }
            if (created) {
                cluster.updatedAt = now;
                store.insert(cluster);
                events.publish(InsightsEventTypes.CLUSTER_CREATED, cluster.id, data(cluster));
            } else if (!before.equals(cluster.label + "|" + cluster.summary + "|" + cluster.issueCount)) {
                cluster.updatedAt = now;
                events.publish(InsightsEventTypes.CLUSTER_UPDATED, cluster.id, data(cluster));
            }
        }
        for (int i = 0; i < n; i++) {
            if (labels[i] < 0 && table.cluster(i) != null) {
                movedIds.add(table.id(i));
                movedTo.add(null);
            }
        }
        for (IssuesCluster gone : existing.values()) {
            // issues older than the recompute's window leave a cluster that no longer exists
            store.unclusterIssues(gone.id);
            store.remove(gone);
            events.publish(InsightsEventTypes.CLUSTER_DELETED, gone.id, data(gone));
        }
        // the clusters written, then let go of (a clear drops what is not written yet): the batches below hold
        // 500 issues at a time, not every row the recompute loaded
        store.flush();
        store.clear();
        // moved issues: updated and announced 500 at a time (a first recompute moves every issue, one event each)
        for (int from = 0; from < movedIds.size(); from += 500) {
            List<String> batch = movedIds.subList(from, Math.min(movedIds.size(), from + 500));
            store.moveIssues(batch, movedTo.subList(from, from + batch.size()));
            List<ConversationIssueData> moved = store.issueData(organizationId, batch);
            // in one JDBC batch: one outbox INSERT round trip per issue made a first recompute of 10,000 issues 16 s
            events.publishAll(InsightsEventTypes.ISSUE_UPDATED, moved.stream()
                    .map(m -> new EventPublisher.Pending(m.conversation(), m)).toList());
            store.clear();
        }
        // the document frequencies of incremental joins, exact again
        store.replaceTermCounts(organizationId, df);
        store.recomputed(organizationId, n, now);
        return new Recomputed(n, k, movedIds.size(), engineMillis);
    }

    /**
     * Embeds the titles of the organization's issues that have no embedding (extracted before issue 33), 64 at a
     * time, so that the recompute clusters them by meaning too. Only once per issue: later ones are embedded when
     * extracted.
     */
    private void embedMissing(String organizationId) {
        while (true) {
            List<ClusterStore.IssueTitle> rows = store.unembedded(organizationId);
            if (rows.isEmpty()) {
                return;
            }
            List<float[]> vectors = embedder.embedAll(rows.stream().map(ClusterStore.IssueTitle::title).toList());
            for (int i = 0; i < rows.size(); i++) {
                store.embedding(rows.get(i).id(), Embedder.bytes(vectors.get(i)));
            }
        }
    }

    /** Organizations whose issues changed since their last full recompute. */
    @Transactional
    public List<String> changed() {
        return store.changed();
    }

    /** Label, icon and summary from the centroid; the centroid stored. */
    private void describe(IssuesCluster c, Centroid centroid, Centroid.Idf idf, String example) {
        List<String> words = centroid.distinctive(c.issueCount, idf, 3);
        c.label = Centroid.label(words);
        c.icon = Centroid.icon(words);
        c.example = example == null ? "" : example;
        c.summary = c.issueCount + (c.issueCount == 1 ? " issue" : " issues") + " in " + c.conversationCount
                + (c.conversationCount == 1 ? " conversation" : " conversations")
                + (words.isEmpty() ? "" : " about " + String.join(", ", words))
                + (c.example.isEmpty() ? "." : ", such as: \u201c" + c.example + "\u201d");
        c.termCounts = write(centroid.terms);
    }

    private Centroid centroid(IssuesCluster c) {
        try {
            return new Centroid(json.readValue(c.termCounts, TERMS));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Set<String> stems(Joining issue) {
        return TextFeatures.counts(TextFeatures.decode(issue.terms())).keySet();
    }

    /** Cosine similarity of a unit-length vector and a sum of such vectors. */
    static double cosine(float[] unit, float[] sum) {
        double dot = 0;
        double norm = 0;
        for (int d = 0; d < sum.length; d++) {
            dot += unit[d] * sum[d];
            norm += sum[d] * sum[d];
        }
        return norm == 0 ? 0 : dot / Math.sqrt(norm);
    }

    public static IssuesClusterData data(IssuesCluster c) {
        return new IssuesClusterData(c.id, c.organizationId, c.label, c.icon, c.issueCount, c.conversationCount,
                c.createdAt, c.updatedAt);
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
