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
               String lastCommit, String lastRevision, Instant updatedAt, String errorAction, boolean synced) {
    }

    /** A synced space: where it syncs, as whom (sealed secrets), and what its last operations left. */
    record Synced(String spaceId, String organizationId, String url, String ref, String projectDirectory,
                  String priority, String user, byte[] secrets, String lastCommit, String openCr, String importCr,
                  String state, String lastRevision) {
        String directory() {
            return projectDirectory == null ? "" : projectDirectory;
        }
    }

    Optional<Row> find(String spaceId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                        SELECT space_id, organization_id, url, ref, project_directory, tree_url, commit_url, op_state,
                               op_direction, op_started_at, op_ended_at, op_error, last_commit, last_revision, updated_at,
                               op_error_action, synced
                        FROM git_sync WHERE space_id = :s""").setParameter("s", spaceId).getResultList();
        return rows.stream().findFirst().map(r -> new Row((String) r[0], (String) r[1], (String) r[2], (String) r[3],
                (String) r[4], (String) r[5], (String) r[6], (String) r[7], (String) r[8], instant(r[9]), instant(r[10]),
                (String) r[11], (String) r[12], (String) r[13], instant(r[14]), (String) r[15], (Boolean) r[16]));
    }

    private static final String SYNCED = """
            SELECT space_id, organization_id, url, ref, project_directory, priority, sync_user, secrets, last_commit,
                   open_cr, import_cr, op_state, last_revision
            FROM git_sync WHERE synced""";

    Optional<Synced> findSynced(String spaceId) {
        return synced(em.createNativeQuery(SYNCED + " AND space_id = :s").setParameter("s", spaceId)).stream().findFirst();
    }

    /** Every synced space (the poll's list; an index on synced keeps it cheap when none is). */
    List<Synced> allSynced() {
        return synced(em.createNativeQuery(SYNCED + " ORDER BY space_id"));
    }

    private static List<Synced> synced(jakarta.persistence.Query query) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = query.getResultList();
        return rows.stream().map(r -> new Synced((String) r[0], (String) r[1], (String) r[2], (String) r[3],
                (String) r[4], (String) r[5], (String) r[6], (byte[]) r[7], (String) r[8], (String) r[9],
                (String) r[10], (String) r[11], (String) r[12])).toList();
    }

    /**
     * Makes the space synced with the repository (replacing an earlier sync) and starts its first operation,
     * unless an operation is running (false then). What an earlier sync left in step is forgotten.
     */
    boolean sync(String spaceId, String organizationId, String url, String ref, String projectDirectory,
                 String treeUrl, String commitUrl, String priority, String user, byte[] secrets, String direction,
                 Instant now) {
        if (find(spaceId).filter(r -> "running".equals(r.state())).isEmpty()) {
            forgetExports(spaceId);
        }
        return em.createNativeQuery("""
                        INSERT INTO git_sync (space_id, organization_id, url, ref, project_directory, tree_url, commit_url,
                                              op_state, op_direction, op_started_at, updated_at, synced, priority,
                                              sync_user, secrets)
                        VALUES (:s, :o, :u, :r, :p, :t, :c, 'running', :d, :now, :now, true, :priority, :user, :secrets)
                        ON CONFLICT (space_id) DO UPDATE SET organization_id = EXCLUDED.organization_id,
                            url = EXCLUDED.url, ref = EXCLUDED.ref, project_directory = EXCLUDED.project_directory,
                            tree_url = EXCLUDED.tree_url, commit_url = EXCLUDED.commit_url, op_state = 'running',
                            op_direction = EXCLUDED.op_direction, op_started_at = EXCLUDED.op_started_at,
                            op_ended_at = NULL, op_error = NULL, op_error_action = NULL, updated_at = EXCLUDED.updated_at,
                            synced = true, priority = EXCLUDED.priority, sync_user = EXCLUDED.sync_user,
                            secrets = EXCLUDED.secrets, last_commit = NULL, last_revision = NULL,
                            pending_import = false, pending_cr = NULL, open_cr = NULL, import_cr = NULL
                        WHERE git_sync.op_state <> 'running'""")
                .setParameter("s", spaceId).setParameter("o", organizationId).setParameter("u", url)
                .setParameter("r", ref).setParameter("p", projectDirectory).setParameter("t", treeUrl)
                .setParameter("c", commitUrl).setParameter("d", direction).setParameter("now", Timestamp.from(now))
                .setParameter("priority", priority).setParameter("user", user).setParameter("secrets", secrets)
                .executeUpdate() == 1;
    }

    /** Stops the space's sync and forgets its secrets and its exports waiting; false when it was not synced. */
    boolean unsync(String spaceId, Instant now) {
        forgetExports(spaceId);
        return em.createNativeQuery("""
                        UPDATE git_sync SET synced = false, secrets = NULL, sync_user = NULL, priority = NULL,
                            pending_import = false, pending_cr = NULL, open_cr = NULL, import_cr = NULL, updated_at = :now
                        WHERE space_id = :s AND synced""")
                .setParameter("s", spaceId).setParameter("now", Timestamp.from(now)).executeUpdate() == 1;
    }

    private void forgetExports(String spaceId) {
        em.createNativeQuery("DELETE FROM git_sync_export WHERE space_id = :s").setParameter("s", spaceId).executeUpdate();
    }

    /** Asks for an import of the ref's new commits once nothing runs; false when the space is not synced. */
    boolean requestImport(String spaceId) {
        return em.createNativeQuery("UPDATE git_sync SET pending_import = true WHERE space_id = :s AND synced")
                .setParameter("s", spaceId).executeUpdate() == 1;
    }

    /** Asks for an export of the space as it is, with no change request ({@code changeRequest}: "{}"). */
    boolean requestExport(String spaceId, String changeRequest) {
        return em.createNativeQuery("UPDATE git_sync SET pending_cr = COALESCE(pending_cr, :cr) WHERE space_id = :s AND synced")
                .setParameter("s", spaceId).setParameter("cr", changeRequest).executeUpdate() == 1;
    }

    /**
     * The pending operation a claim started: its direction and, for an export, the change request's JSON ("{}" for
     * none) and whether it goes out as the space is now rather than at its merge's revision.
     */
    record Claimed(Instant startedAt, String direction, String changeRequest, boolean atCurrent) {
    }

    /**
     * Starts the space's pending operation unless one is running; empty when nothing was started. An import comes
     * first (an export waits for Git's commits to be in the space); then the oldest merged change request waiting
     * (not while an import's change request is left open); then an export asked for without one.
     */
    Optional<Claimed> claim(String spaceId, Instant now) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                        SELECT pending_import, pending_cr, open_cr FROM git_sync
                        WHERE space_id = :s AND synced AND op_state <> 'running' FOR UPDATE""")
                .setParameter("s", spaceId).getResultList();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        boolean pendingImport = (Boolean) rows.get(0)[0];
        String pendingCr = (String) rows.get(0)[1];
        boolean importOpen = rows.get(0)[2] != null;
        Claimed claimed = null;
        boolean tookPendingCr = false;
        if (pendingImport) {
            claimed = new Claimed(now, "import", null, false);
        } else if (!importOpen) {
            @SuppressWarnings("unchecked")
            List<Object[]> next = em.createNativeQuery("""
                            SELECT seq, merged, at_current FROM git_sync_export
                            WHERE space_id = :s AND taken_at IS NULL ORDER BY seq LIMIT 1""")
                    .setParameter("s", spaceId).getResultList();
            if (!next.isEmpty()) {
                em.createNativeQuery("UPDATE git_sync_export SET taken_at = :now WHERE seq = :seq")
                        .setParameter("now", Timestamp.from(now)).setParameter("seq", next.get(0)[0]).executeUpdate();
                claimed = new Claimed(now, "export", (String) next.get(0)[1], (Boolean) next.get(0)[2]);
            } else if (pendingCr != null) {
                claimed = new Claimed(now, "export", pendingCr, true);
                tookPendingCr = true;
            }
        }
        if (claimed == null) {
            return Optional.empty();
        }
        em.createNativeQuery("""
                        UPDATE git_sync SET op_state = 'running', op_direction = :d, op_started_at = :now,
                            op_ended_at = NULL, op_error = NULL, op_error_action = NULL, updated_at = :now,
                            pending_import = false, pending_cr = CASE WHEN :took THEN NULL ELSE pending_cr END
                        WHERE space_id = :s""")
                .setParameter("d", claimed.direction()).setParameter("now", Timestamp.from(now))
                .setParameter("took", tookPendingCr)
                .setParameter("s", spaceId).executeUpdate();
        return Optional.of(claimed);
    }

    /**
     * Queues the export of a merged change request ({@code merged}: its JSON), behind those merged before it; a
     * change request queued before (a redelivered event) is not queued again. False when the space is not synced.
     */
    boolean queueExport(String spaceId, String changeRequest, String merged, Instant now) {
        if (findSynced(spaceId).isEmpty()) {
            return false;
        }
        em.createNativeQuery("""
                        INSERT INTO git_sync_export (space_id, change_request, merged, queued_at)
                        VALUES (:s, :cr, :m, :now) ON CONFLICT (space_id, change_request) DO NOTHING""")
                .setParameter("s", spaceId).setParameter("cr", changeRequest).setParameter("m", merged)
                .setParameter("now", Timestamp.from(now)).executeUpdate();
        return true;
    }

    /** The change request's export goes back to waiting (Git's new commits are imported first). */
    void requeue(String spaceId, String changeRequest) {
        em.createNativeQuery("UPDATE git_sync_export SET taken_at = NULL WHERE space_id = :s AND change_request = :cr")
                .setParameter("s", spaceId).setParameter("cr", changeRequest).executeUpdate();
    }

    /**
     * An import merged: the exports still waiting were merged before it, so their revisions lack Git's commits; they
     * go out as the space is when they run (the first holds their changes, the others are commits of their own).
     */
    void exportsAtCurrent(String spaceId) {
        em.createNativeQuery("UPDATE git_sync_export SET at_current = true WHERE space_id = :s AND taken_at IS NULL")
                .setParameter("s", spaceId).executeUpdate();
    }

    /** Records the change requests a sync's import left: one still open (exports wait for it), one that merged. */
    void changeRequests(String spaceId, String openCr, String importCr) {
        em.createNativeQuery("UPDATE git_sync SET open_cr = :open, import_cr = :imported WHERE space_id = :s AND synced")
                .setParameter("s", spaceId).setParameter("open", openCr).setParameter("imported", importCr)
                .executeUpdate();
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
        return finish(spaceId, startedAt, state, error, null, commit, revision, now);
    }

    /** {@link #finish} with the action that would resolve the error (GitSyncState's operation.errorAction). */
    boolean finish(String spaceId, Instant startedAt, String state, String error, String errorAction, String commit,
                   String revision, Instant now) {
        return em.createNativeQuery("""
                        UPDATE git_sync SET op_state = :state, op_error = :error, op_error_action = :action,
                            op_ended_at = :now, updated_at = :now,
                            last_commit = COALESCE(:commit, last_commit), last_revision = COALESCE(:revision, last_revision)
                        WHERE space_id = :s AND op_state = 'running' AND op_started_at = :started""")
                .setParameter("state", state).setParameter("error", error).setParameter("action", errorAction)
                .setParameter("now", Timestamp.from(now)).setParameter("commit", commit).setParameter("revision", revision).setParameter("s", spaceId)
                .setParameter("started", Timestamp.from(startedAt)).executeUpdate() == 1;
    }

    /** Operations running since before {@code before} become {@code state} with {@code error}; their spaces. */
    List<String> endRunning(Instant before, String state, String error, Instant now) {
        @SuppressWarnings("unchecked")
        List<String> spaces = em.createNativeQuery("""
                        UPDATE git_sync SET op_state = :state, op_error = :error, op_ended_at = :now, updated_at = :now
                        WHERE op_state = 'running' AND op_started_at < :before RETURNING space_id""")
                .setParameter("state", state).setParameter("error", error).setParameter("now", Timestamp.from(now))
                .setParameter("before", Timestamp.from(before)).getResultList();
        return spaces;
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
