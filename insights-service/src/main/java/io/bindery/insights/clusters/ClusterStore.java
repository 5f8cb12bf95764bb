package io.bindery.insights.clusters;

import io.bindery.commons.sql.SqlValues;
import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import io.bindery.contracts.insights.ConversationIssueData;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.hibernate.jpa.HibernateHints;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The SQL of clustering: {@code issues_cluster}, {@code term_stat}, {@code clustering_state}, and the clustering
 * columns of {@code conversation_issue} ({@code cluster_id}, {@code embedding}) with what clustering reads of its
 * issues. The issues feature writes those rows and calls {@link Clusters}, so their clustering SQL is here rather
 * than behind the issues feature (which would make the two packages import each other). Runs in its caller's
 * transaction. Native SQL, as every query of the service: a single JPQL query would load Hibernate's HQL parser
 * (ANTLR, about 450 classes and its ATN on the heap) into a 250 MB budget.
 */
@ApplicationScoped
public class ClusterStore {
    @Inject
    EntityManager em;

    /** An issue's row as a recompute reads it; {@code embedding} null when not embedded. */
    record IssueRow(String id, String conversationId, String terms, String clusterId, byte[] embedding) {
    }

    /** An issue's title. */
    record IssueTitle(String id, String title) {
    }

    /** How many of a cluster's issues were created {@code week} weeks ago (0: this week). */
    record WeekCount(String clusterId, int week, int count) {
    }

    /** How many of a cluster's issues came from {@code source}. */
    record SourceCount(String clusterId, String source, int count) {
    }

    /** A new cluster. */
    void insert(IssuesCluster cluster) {
        em.persist(cluster);
    }

    /** A cluster that is gone (its issues belong to none first: {@link #unclusterIssues}). */
    void remove(IssuesCluster cluster) {
        em.remove(cluster);
    }

    /** Writes the transaction's pending changes (clusters, and the issues' rows the caller changed) now. */
    void flush() {
        em.flush();
    }

    /** Lets go of every row loaded so far (written first: {@link #flush}), so that they can be collected. */
    void clear() {
        em.clear();
    }

    /** The organization's advisory lock on its clusters, for the caller's transaction. */
    void lock(String organizationId) {
        em.createNativeQuery("SELECT pg_advisory_xact_lock(hashtext(:key))")
                .setParameter("key", "insights-clusters:" + organizationId).getSingleResult();
    }

    /** New issues' stems added to the organization's document frequencies (stem to number of issues). */
    void addTermCounts(String organizationId, Map<String, Integer> added) {
        em.createNativeQuery("""
                        INSERT INTO term_stat (organization_id, term, df)
                        SELECT :org, t, n FROM unnest(CAST(:terms AS text[]), CAST(:counts AS int[])) AS x(t, n)
                        ON CONFLICT (organization_id, term) DO UPDATE SET df = term_stat.df + EXCLUDED.df""")
                .setParameter("org", organizationId).setParameter("terms", array(added.keySet()))
                .setParameter("counts", "{" + added.values().stream().map(String::valueOf)
                        .collect(Collectors.joining(",")) + "}")
                .executeUpdate();
    }

    /** The organization's document frequencies, exact again: {@code df} replaces them. */
    void replaceTermCounts(String organizationId, Map<String, Integer> df) {
        em.createNativeQuery("DELETE FROM term_stat WHERE organization_id = :org").setParameter("org", organizationId)
                .executeUpdate();
        if (!df.isEmpty()) {
            List<String> stems = new ArrayList<>(df.keySet());
            em.createNativeQuery("""
                            INSERT INTO term_stat (organization_id, term, df)
                            SELECT :org, t, n FROM unnest(CAST(:terms AS text[]), CAST(:counts AS int[])) AS x(t, n)""")
                    .setParameter("org", organizationId).setParameter("terms", array(stems))
                    .setParameter("counts", "{" + stems.stream().map(s -> String.valueOf(df.get(s)))
                            .collect(Collectors.joining(",")) + "}")
                    .executeUpdate();
        }
    }

    /** {@code issues} more issues of the organization, changed {@code now}: the next schedule recomputes it. */
    void issuesJoined(String organizationId, int issues, Instant now) {
        em.createNativeQuery("""
                        INSERT INTO clustering_state (organization_id, issues, changed_at) VALUES (:org, :n, :now)
                        ON CONFLICT (organization_id) DO UPDATE SET issues = clustering_state.issues + EXCLUDED.issues,
                            changed_at = EXCLUDED.changed_at""")
                .setParameter("org", organizationId).setParameter("n", issues).setParameter("now", now)
                .executeUpdate();
    }

    /** The organization was clustered {@code now}, {@code issues} issues. */
    void recomputed(String organizationId, int issues, Instant now) {
        em.createNativeQuery("""
                        INSERT INTO clustering_state (organization_id, issues, changed_at, clustered_at)
                        VALUES (:org, :n, :now, :now)
                        ON CONFLICT (organization_id) DO UPDATE SET issues = EXCLUDED.issues,
                            clustered_at = EXCLUDED.clustered_at""")
                .setParameter("org", organizationId).setParameter("n", issues).setParameter("now", now).executeUpdate();
    }

    /** Organizations whose issues changed since their last full recompute. */
    @SuppressWarnings("unchecked")
    List<String> changed() {
        return em.createNativeQuery("""
                SELECT organization_id FROM clustering_state
                WHERE clustered_at IS NULL OR changed_at > clustered_at ORDER BY changed_at""").getResultList();
    }

    /** A page of the organization's clusters; {@code source} (null or blank: any) keeps those with issues from it. */
    ListPage<IssuesCluster> page(KeysetPage<IssuesCluster> keyset, String organizationId, String source) {
        Where where = Where.of("organization_id = :org", "org", organizationId);
        if (source != null && !source.isBlank()) {
            where = where.and("EXISTS (SELECT 1 FROM conversation_issue i WHERE i.cluster_id = issues_cluster.id"
                    + " AND i.source = :source)", "source", source.strip());
        }
        return keyset.sql(em, IssuesCluster.class, "SELECT *", "FROM issues_cluster", where);
    }

    /** The organization's clusters, by id. */
    @SuppressWarnings("unchecked")
    List<IssuesCluster> clusters(String organizationId) {
        return em.createNativeQuery("SELECT * FROM issues_cluster WHERE organization_id = :org ORDER BY id",
                IssuesCluster.class).setParameter("org", organizationId).getResultList();
    }

    /**
     * The organization's {@code max} most recent issues, oldest first, each handed to {@code row} as it is read:
     * streamed, 500 rows a fetch, so that they are never all held at once.
     */
    void recentIssues(String organizationId, int max, Consumer<IssueRow> row) {
        try (Stream<?> rows = em.createNativeQuery("""
                        SELECT id, conversation_id, terms, cluster_id, embedding FROM (
                            SELECT id, conversation_id, terms, cluster_id, embedding, created_at FROM conversation_issue
                            WHERE organization_id = :org ORDER BY created_at DESC, id DESC LIMIT :max) recent
                        ORDER BY created_at, id""")
                .setParameter("org", organizationId).setParameter("max", max)
                .setHint(HibernateHints.HINT_FETCH_SIZE, 500).getResultStream()) {
            rows.forEach(r -> {
                Object[] cells = (Object[]) r;
                row.accept(new IssueRow((String) cells[0], (String) cells[1], (String) cells[2], (String) cells[3],
                        (byte[]) cells[4]));
            });
        }
    }

    /** Up to 64 of the organization's issues without an embedding, newest first. */
    @SuppressWarnings("unchecked")
    List<IssueTitle> unembedded(String organizationId) {
        List<Object[]> rows = em.createNativeQuery("""
                        SELECT id, title FROM conversation_issue WHERE organization_id = :org AND embedding IS NULL
                        ORDER BY created_at DESC, id DESC LIMIT 64""")
                .setParameter("org", organizationId).getResultList();
        return rows.stream().map(r -> new IssueTitle((String) r[0], (String) r[1])).toList();
    }

    void embedding(String issueId, byte[] embedding) {
        em.createNativeQuery("UPDATE conversation_issue SET embedding = :e WHERE id = :id")
                .setParameter("e", embedding).setParameter("id", issueId)
                .executeUpdate();
    }

    /** Issue id to title. */
    @SuppressWarnings("unchecked")
    Map<String, String> titles(List<String> issueIds) {
        List<Object[]> rows = em.createNativeQuery(
                        "SELECT id, title FROM conversation_issue WHERE id = ANY(CAST(:ids AS text[]))")
                .setParameter("ids", array(issueIds)).getResultList();
        Map<String, String> out = new HashMap<>();
        rows.forEach(r -> out.put((String) r[0], (String) r[1]));
        return out;
    }

    /** The issues of a cluster that is gone belong to none. */
    void unclusterIssues(String clusterId) {
        em.createNativeQuery("UPDATE conversation_issue SET cluster_id = NULL WHERE cluster_id = :id")
                .setParameter("id", clusterId).executeUpdate();
    }

    /** Each issue of {@code issueIds} into the cluster at the same place of {@code clusterIds} (null: none). */
    void moveIssues(List<String> issueIds, List<String> clusterIds) {
        em.createNativeQuery("""
                        UPDATE conversation_issue i SET cluster_id = m.cluster
                        FROM unnest(CAST(:ids AS text[]), CAST(:clusters AS text[])) AS m(id, cluster)
                        WHERE i.id = m.id""")
                .setParameter("ids", array(issueIds))
                .setParameter("clusters", array(clusterIds)).executeUpdate();
    }

    /** The issues as their {@code issue.updated} events carry them. */
    @SuppressWarnings("unchecked")
    List<ConversationIssueData> issueData(String organizationId, List<String> issueIds) {
        List<Object[]> rows = em.createNativeQuery("""
                        SELECT id, conversation_id, cluster_id, title, created_at FROM conversation_issue
                        WHERE id = ANY(CAST(:ids AS text[]))""")
                .setParameter("ids", array(issueIds)).getResultList();
        return rows.stream().map(m -> new ConversationIssueData((String) m[0], organizationId, (String) m[1],
                (String) m[2], (String) m[3], SqlValues.instant(m[4]))).toList();
    }

    /** The document frequencies of {@code stems} in the organization, and its number of issues. */
    @SuppressWarnings("unchecked")
    Centroid.Idf idf(String organizationId, Collection<String> stems) {
        List<Object[]> rows = em.createNativeQuery(
                        "SELECT term, df FROM term_stat WHERE organization_id = :org AND term = ANY(CAST(:terms AS text[]))")
                .setParameter("org", organizationId).setParameter("terms", array(stems)).getResultList();
        Map<String, Integer> df = new HashMap<>();
        rows.forEach(r -> df.put((String) r[0], ((Number) r[1]).intValue()));
        Number total = (Number) em.createNativeQuery("SELECT issues FROM clustering_state WHERE organization_id = :org")
                .setParameter("org", organizationId).getResultStream().findFirst().orElse(0);
        return new Centroid.Idf(df, total.intValue());
    }

    /** The number of conversations the cluster's issues come from. */
    int conversationCount(String clusterId) {
        return ((Number) em.createNativeQuery(
                        "SELECT count(DISTINCT conversation_id) FROM conversation_issue WHERE cluster_id = :id")
                .setParameter("id", clusterId).getSingleResult()).intValue();
    }

    /** The clusters' issues created after {@code since}, counted by week before {@code now}. */
    @SuppressWarnings("unchecked")
    List<WeekCount> weekCounts(List<String> clusterIds, Instant now, Instant since) {
        List<Object[]> rows = em.createNativeQuery("""
                        SELECT cluster_id, GREATEST(0, FLOOR(EXTRACT(EPOCH FROM (CAST(:now AS timestamptz) - created_at))
                            / 604800))::int AS week, count(*)
                        FROM conversation_issue WHERE cluster_id = ANY(CAST(:ids AS text[]))
                            AND created_at > CAST(:since AS timestamptz)
                        GROUP BY 1, 2""")
                .setParameter("ids", array(clusterIds)).setParameter("now", now)
                .setParameter("since", since).getResultList();
        return rows.stream().map(w -> new WeekCount((String) w[0], ((Number) w[1]).intValue(),
                ((Number) w[2]).intValue())).toList();
    }

    /** The clusters' issues counted by source. */
    @SuppressWarnings("unchecked")
    List<SourceCount> sourceCounts(List<String> clusterIds) {
        List<Object[]> rows = em.createNativeQuery("""
                        SELECT cluster_id, source, count(*) FROM conversation_issue
                        WHERE cluster_id = ANY(CAST(:ids AS text[])) GROUP BY 1, 2""")
                .setParameter("ids", array(clusterIds)).getResultList();
        return rows.stream().map(s -> new SourceCount((String) s[0], (String) s[1], ((Number) s[2]).intValue()))
                .toList();
    }

    /** A PostgreSQL array literal of ids or stems (letters and digits only; null as NULL). */
    static String array(Collection<String> values) {
        return "{" + values.stream().map(v -> v == null ? "NULL" : "\"" + v + "\"").collect(Collectors.joining(",")) + "}";
    }
}
