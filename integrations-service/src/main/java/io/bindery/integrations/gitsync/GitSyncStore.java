package io.bindery.integrations.gitsync;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The SQL of {@code git_sync}: a space's repository and its last operation. Runs in the caller's transaction. */
@ApplicationScoped
class GitSyncStore {
    @Inject
    EntityManager em;

    /** A space's row. */
    record Row(String spaceId, String organizationId, String url, String ref, String projectDirectory, String treeUrl,
               String commitUrl, String state, String direction, Instant startedAt, Instant endedAt, String error,
               String lastCommit, String lastRevision, Instant updatedAt) {
    }

    Optional<Row> find(String spaceId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                        SELECT space_id, organization_id, url, ref, project_directory, tree_url, commit_url, op_state,
                               op_direction, op_started_at, op_ended_at, op_error, last_commit, last_revision, updated_at
                        FROM git_sync WHERE space_id = :s""").setParameter("s", spaceId).getResultList();
        return rows.stream().findFirst().map(r -> new Row((String) r[0], (String) r[1], (String) r[2], (String) r[3],
                (String) r[4], (String) r[5], (String) r[6], (String) r[7], (String) r[8], instant(r[9]), instant(r[10]),
                (String) r[11], (String) r[12], (String) r[13], instant(r[14])));
    }

    /**
     * Records a new running operation on the space, unless one is running already (false then). The repository
     * settings are those of the operation.
     */
    boolean start(String spaceId, String organizationId, String url, String ref, String projectDirectory,
                  String treeUrl, String commitUrl, String direction, Instant now) {
        return em.createNativeQuery("""
                        INSERT INTO git_sync (space_id, organization_id, url, ref, project_directory, tree_url, commit_url,
                                              op_state, op_direction, op_started_at, updated_at)
                        VALUES (:s, :o, :u, :r, :p, :t, :c, 'running', :d, :now, :now)
                        ON CONFLICT (space_id) DO UPDATE SET organization_id = EXCLUDED.organization_id,
                            url = EXCLUDED.url, ref = EXCLUDED.ref, project_directory = EXCLUDED.project_directory,
                            tree_url = EXCLUDED.tree_url, commit_url = EXCLUDED.commit_url, op_state = 'running',
                            op_direction = EXCLUDED.op_direction, op_started_at = EXCLUDED.op_started_at,
                            op_ended_at = NULL, op_error = NULL, updated_at = EXCLUDED.updated_at
                        WHERE git_sync.op_state <> 'running'""")
                .setParameter("s", spaceId).setParameter("o", organizationId).setParameter("u", url)
                .setParameter("r", ref).setParameter("p", projectDirectory).setParameter("t", treeUrl)
                .setParameter("c", commitUrl).setParameter("d", direction).setParameter("now", Timestamp.from(now))
                .executeUpdate() == 1;
    }

    /**
     * Ends the operation that started at {@code startedAt} (only that one, and only while it is running: one the
     * sweep gave up as timed out stays so). {@code commit} and {@code revision} are kept when not null.
     */
    boolean finish(String spaceId, Instant startedAt, String state, String error, String commit, String revision,
                   Instant now) {
        return em.createNativeQuery("""
                        UPDATE git_sync SET op_state = :state, op_error = :error, op_ended_at = :now, updated_at = :now,
                            last_commit = COALESCE(:commit, last_commit), last_revision = COALESCE(:revision, last_revision)
                        WHERE space_id = :s AND op_state = 'running' AND op_started_at = :started""")
                .setParameter("state", state).setParameter("error", error).setParameter("now", Timestamp.from(now))
                .setParameter("commit", commit).setParameter("revision", revision).setParameter("s", spaceId)
                .setParameter("started", Timestamp.from(startedAt)).executeUpdate() == 1;
    }

    /** Operations running since before {@code before} become {@code state} with {@code error}; how many did. */
    int endRunning(Instant before, String state, String error, Instant now) {
        return em.createNativeQuery("""
                        UPDATE git_sync SET op_state = :state, op_error = :error, op_ended_at = :now, updated_at = :now
                        WHERE op_state = 'running' AND op_started_at < :before""")
                .setParameter("state", state).setParameter("error", error).setParameter("now", Timestamp.from(now))
                .setParameter("before", Timestamp.from(before)).executeUpdate();
    }

    private static Instant instant(Object value) {
        return switch (value) {
            case null -> null;
            case Timestamp t -> t.toInstant();
            case Instant i -> i;
            case java.time.OffsetDateTime o -> o.toInstant();
            default -> throw new IllegalStateException("not a timestamp: " + value.getClass());
        };
    }
}
