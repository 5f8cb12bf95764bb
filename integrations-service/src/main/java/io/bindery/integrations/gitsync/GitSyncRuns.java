package io.bindery.integrations.gitsync;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.projection.UserDirectory;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.bindery.integrations.config.IntegrationsConfig;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.PersonIdent;

import java.util.List;
import java.util.Map;

/**
 * The work of an operation, run by {@link GitSyncWorker} off the request and out of any transaction: reading one
 * side and writing the other.
 */
@ApplicationScoped
public class GitSyncRuns {
    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(GitSyncRuns.class);
    /** The trailer that marks a commit Bindery made, with the revision it holds. */
    public static final String REVISION_TRAILER = "Bindery-Revision";
    /** The trailer of a synced space's commit: the change request it holds. */
    public static final String CHANGE_REQUEST_TRAILER = "Bindery-Change-Request";
    static final PersonIdent AUTHOR_NAME = new PersonIdent("Bindery", "git-sync@bindery.invalid");

    @Inject
    GitSyncContent content;
    @Inject
    IntegrationsConfig config;
    @Inject
    GitSyncWriter writer;
    @Inject
    UserDirectory users;
    @Inject
    GitSyncStore store;

    /** A merged change request of a synced space, as its export needs it (kept as JSON until the export runs). */
    public record Merged(String id, int number, String subject, String author, String url, String revision) {
    }

    /** What an operation left in step: the commit and the revision (null where it did not change). */
    public record Outcome(String commit, String revision, String error, String errorAction) {
        public Outcome(String commit, String revision) {
            this(commit, revision, null, null);
        }
    }

    /** The user who asked, as identity knows them (Bindery when it does not): the author of the commit. */
    private PersonIdent author(String userId) {
        var user = QuarkusTransaction.requiringNew().call(() -> users.find(userId));
        java.time.Instant now = java.time.Instant.now();
        return user.filter(u -> u.email() != null && !u.email().isBlank())
                .map(u -> new PersonIdent(u.displayName() == null || u.displayName().isBlank() ? u.email()
                        : u.displayName(), u.email(), now, java.time.ZoneOffset.UTC))
                .orElse(new PersonIdent(AUTHOR_NAME, now, java.time.ZoneOffset.UTC));
    }

    /** An export: the space's current revision written as GitBook's layout, committed on the ref and pushed. */
    public Outcome export(String spaceId, String userId, RemoteRepository remote,
                          GitSyncRequests.Target target, String commitMessage) {
        String revision = content.access(spaceId, userId).revision();
        SpaceSnapshot snapshot = content.snapshot(spaceId, revision);
        Map<String, byte[]> layout = GitBookLayout.write(snapshot);
        try (GitRepositories git = GitRepositories.open(remote, config.gitSync().transportTimeoutSeconds())) {
            ObjectId parent = git.fetch(target.ref());
            String message = commitMessage.strip() + "\n\n" + REVISION_TRAILER + ": " + revision + "\n";
            ObjectId commit = git.commit(parent, layout, target.projectDirectory(), author(userId), message);
            if (commit == null) {
                return new Outcome(parent == null ? null : parent.name(), revision);
            }
            git.push(target.ref(), target.force());
            return new Outcome(commit.name(), revision);
        }
    }

    /**
     * An import: the ref's commit read as GitBook's layout and written into the space through a change request,
     * merged when it merges cleanly. A commit Bindery made of the space's current revision is not imported again.
     */
    public Outcome importing(String spaceId, String userId, RemoteRepository remote, GitSyncRequests.Target target) {
        try (GitRepositories git = GitRepositories.open(remote, config.gitSync().transportTimeoutSeconds())) {
            ObjectId head = git.fetch(target.ref());
            if (head == null) {
                throw new GitRepositories.GitFailure("the repository has no " + target.ref());
            }
            String revision = content.access(spaceId, userId).revision();
            if (revision != null && git.message(head).contains("\n" + REVISION_TRAILER + ": " + revision)) {
                return new Outcome(head.name(), revision);
            }
            Map<String, byte[]> files = git.read(head, target.projectDirectory());
            SpaceSnapshot snapshot = GitBookLayout.read(files);
            if (snapshot.pages().isEmpty()) {
                throw new GitRepositories.GitFailure("no pages in " + target.ref() + (target.projectDirectory().isEmpty()
                        ? "" : " under " + target.projectDirectory()) + ": no SUMMARY.md, README.md or other .md file");
            }
            GitSyncWriter.Written written = writer.write(spaceId, userId, snapshot, "Import from Git: "
                    + target.ref().substring("refs/heads/".length()) + " at " + head.abbreviate(7).name());
            return new Outcome(head.name(), written.revision());
        }
    }

    /**
     * Git → Bindery for a synced space: the ref's commits since the one last synced become one change request
     * holding what they changed (against the last synced commit), merged when it merges cleanly. A range of
     * Bindery's own commits (its trailers) is not imported: no ping-pong.
     */
    public Outcome syncImport(GitSyncStore.Synced s, GitSyncSecrets.Secrets secrets) {
        RemoteRepository remote = secrets.remote(s.url());
        try (GitRepositories git = GitRepositories.open(remote, config.gitSync().transportTimeoutSeconds())) {
            ObjectId head = git.fetch(s.ref());
            if (head == null) {
                throw new GitRepositories.GitFailure("the repository has no " + s.ref());
            }
            ObjectId last = s.lastCommit() == null ? null : ObjectId.fromString(s.lastCommit());
            if (head.equals(last) || git.allCarry(head, last, CHANGE_REQUEST_TRAILER, REVISION_TRAILER)) {
                return new Outcome(head.name(), null);
            }
            SpaceSnapshot snapshot = GitBookLayout.read(git.read(head, s.directory()));
            if (snapshot.pages().isEmpty()) {
                throw new GitRepositories.GitFailure("no pages in " + s.ref() + (s.directory().isEmpty() ? ""
                        : " under " + s.directory()) + ": no SUMMARY.md, README.md or other .md file");
            }
            SpaceSnapshot base = last != null && git.has(last) ? GitBookLayout.read(git.read(last, s.directory())) : null;
            if (snapshot.equals(base)) {
                return new Outcome(head.name(), null); // the commits changed nothing of the space's layout
            }
            String branch = s.ref().substring("refs/heads/".length());
            String subject = "Sync from Git: " + branch + " " + (base == null ? "at " + head.abbreviate(7).name()
                    : last.abbreviate(7).name() + ".." + head.abbreviate(7).name());
            String email = git.committerEmail(head);
            try {
                GitSyncWriter.Written written = writeAsCommitter(s, snapshot, subject, base, email);
                QuarkusTransaction.requiringNew().run(() -> {
                    store.changeRequests(s.spaceId(), null, written.changeRequest());
                    store.exportsAtCurrent(s.spaceId());
                });
                return new Outcome(head.name(), written.revision());
            } catch (GitSyncWriter.NotMerged e) {
                QuarkusTransaction.requiringNew().run(() -> store.changeRequests(s.spaceId(),
                        e.written.changeRequest(), null));
                return new Outcome(head.name(), null, e.getMessage(), "resolve the conflicts of change request #"
                        + e.written.number() + " and merge it; exports to Git wait until then");
            }
        }
    }

    /**
     * Writes an import's change request authored by the member whose e-mail is the committer's; when no member has
     * it, or that member may not open change requests in the space, by the admin who set the sync up, the subject
     * saying why (review keeps subjects to 100 characters).
     */
    private GitSyncWriter.Written writeAsCommitter(GitSyncStore.Synced s, SpaceSnapshot snapshot, String subject,
                                                   SpaceSnapshot base, String email) {
        List<String> members = email == null || email.isBlank() ? List.of()
                : QuarkusTransaction.requiringNew().call(() -> users.membersWithEmail(s.organizationId(), email));
        // the revision in step with base: the change request starts there, so its merge keeps both sides' edits
        String from = base == null ? null : s.lastRevision();
        String reason;
        if (members.contains(s.user())) {
            return writer.write(s.spaceId(), s.user(), snapshot, subject, base, null, from);
        } else if (!members.isEmpty()) {
            try {
                return writer.write(s.spaceId(), s.user(), snapshot, subject, base, members.getFirst(), from);
            } catch (ApiException e) {
                if (e.status() != 403 && e.status() != 404) {
                    throw e;
                }
                reason = "may not open change requests here";
            }
        } else {
            reason = "is no member";
        }
        String noted = subject + " (committer " + (email == null || email.isBlank() ? "without e-mail" : email) + " "
                + reason + ")";
        return writer.write(s.spaceId(), s.user(), snapshot, noted.length() > 100 ? noted.substring(0, 99) + "…"
                : noted, base, null, from);
    }

    /**
     * Bindery → Git for a synced space: the space as it is, one commit on the ref authored by the change request's
     * author (the admin who set the sync up for the first sync), its subject and the trailers as the message. When
     * Git has commits not imported yet, they are imported first (the export is asked for again). A refused push
     * goes to {@code bindery/cr-<number>} instead; nothing is forced.
     */
    public Outcome syncExport(GitSyncStore.Synced s, GitSyncSecrets.Secrets secrets, Merged cr) {
        return syncExport(s, secrets, cr, true);
    }

    /**
     * {@link #syncExport(GitSyncStore.Synced, GitSyncSecrets.Secrets, Merged)} of the revision {@code cr}'s merge
     * produced, so that change requests merged while an export ran become a commit each holding what each merge
     * made; {@code atCurrent}: of the space as it is (an import merged since: that revision lacks Git's commits),
     * committed even when it changes nothing, so each change request still has its commit and trailer.
     */
    public Outcome syncExport(GitSyncStore.Synced s, GitSyncSecrets.Secrets secrets, Merged cr, boolean atCurrent) {
        if (cr != null && cr.id().equals(s.importCr())) {
            return new Outcome(null, null); // the merge of Git's own commits: nothing new for Git
        }
        RemoteRepository remote = secrets.remote(s.url());
        long t0 = System.nanoTime();
        try (GitRepositories git = GitRepositories.open(remote, config.gitSync().transportTimeoutSeconds())) {
            ObjectId head = git.fetch(s.ref());
            long fetched = System.nanoTime();
            ObjectId last = s.lastCommit() == null ? null : ObjectId.fromString(s.lastCommit());
            if (last != null && head != null && !head.equals(last)
                    && !git.allCarry(head, last, CHANGE_REQUEST_TRAILER, REVISION_TRAILER)) {
                QuarkusTransaction.requiringNew().run(() -> {
                    if (cr == null) {
                        store.requestExport(s.spaceId(), "{}");
                    } else {
                        store.requeue(s.spaceId(), cr.id());
                    }
                    store.requestImport(s.spaceId());
                });
                return new Outcome(null, null); // Git's new commits come in first, then this export runs again
            }
            String revision = cr != null && !atCurrent && cr.revision() != null ? cr.revision()
                    : content.revision(s.spaceId(), s.user());
            SpaceSnapshot snapshot = content.snapshot(s.spaceId(), revision);
            long read = System.nanoTime();
            Map<String, byte[]> layout = GitBookLayout.write(snapshot);
            long written = System.nanoTime();
            String subject = cr == null ? "Sync from Bindery" : cr.subject() == null || cr.subject().isBlank()
                    ? "Change request #" + cr.number() : cr.subject().strip();
            String message = subject + "\n\n" + (cr == null ? "" : CHANGE_REQUEST_TRAILER + ": " + cr.url() + "\n")
                    + REVISION_TRAILER + ": " + revision + "\n";
            ObjectId commit = git.commit(head, layout, s.directory(), author(cr == null ? s.user() : cr.author()), message,
                    cr != null && atCurrent);
            long committed = System.nanoTime();
            if (commit == null) {
                return new Outcome(head == null ? null : head.name(), revision);
            }
            try {
                git.push(s.ref(), false);
                // where an export's time goes (issue 32's merge to pushed commit < 2 s), one line per export
                LOG.infof("git sync export of space %s (%d files): fetch %d ms, content %d ms, layout %d ms, commit %d ms, push %d ms",
                        s.spaceId(), layout.size(), ms(t0, fetched), ms(fetched, read), ms(read, written),
                        ms(written, committed), ms(committed, System.nanoTime()));
                return new Outcome(commit.name(), revision);
            } catch (GitRepositories.Refused refused) {
                String branch = "refs/heads/bindery/cr-" + (cr == null ? "sync" : cr.number());
                git.push(branch, false);
                return new Outcome(null, null, refused.getMessage() + "; the commit was pushed to " + branch
                        + " instead", "merge " + branch + " into " + s.ref() + " (or let Bindery push to it);"
                        + " nothing was forced");
            }
        }
    }

    private static long ms(long from, long to) {
        return (to - from) / 1_000_000;
    }

    private String json(Merged cr) {
        try {
            return mapper.writeValueAsString(cr);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Inject
    com.fasterxml.jackson.databind.ObjectMapper mapper;
}
