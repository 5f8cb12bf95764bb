package io.bindery.integrations.gitsync;

import io.bindery.commons.projection.UserDirectory;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.bindery.integrations.config.IntegrationsConfig;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.PersonIdent;

import java.util.Map;

/**
 * The work of an operation, run by {@link GitSyncWorker} off the request and out of any transaction: reading one
 * side and writing the other.
 */
@ApplicationScoped
public class GitSyncRuns {
    /** The trailer that marks a commit Bindery made, with the revision it holds. */
    public static final String REVISION_TRAILER = "Bindery-Revision";
    static final PersonIdent AUTHOR_NAME = new PersonIdent("Bindery", "git-sync@bindery.invalid");

    @Inject
    GitSyncContent content;
    @Inject
    IntegrationsConfig config;
    @Inject
    GitSyncWriter writer;
    @Inject
    UserDirectory users;

    /** What an operation left in step: the commit and the revision (null where it did not change). */
    public record Outcome(String commit, String revision) {
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
    public Outcome export(String spaceId, String userId, String token, RemoteRepository remote,
                          GitSyncRequests.Target target, String commitMessage) {
        String revision = content.access(spaceId, userId).revision();
        SpaceSnapshot snapshot = content.snapshot(spaceId, revision, token);
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
    public Outcome importing(String spaceId, String userId, String token, RemoteRepository remote,
                             GitSyncRequests.Target target) {
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
            GitSyncWriter.Written written = writer.write(spaceId, token, snapshot, "Import from Git: "
                    + target.ref().substring("refs/heads/".length()) + " at " + head.abbreviate(7).name());
            return new Outcome(head.name(), written.revision());
        }
    }
}
