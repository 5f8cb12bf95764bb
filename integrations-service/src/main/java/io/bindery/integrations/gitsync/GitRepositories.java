package io.bindery.integrations.gitsync;

import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.TransportCommand;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheBuilder;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.transport.CredentialsProvider;
import org.eclipse.jgit.transport.PushResult;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.transport.RemoteRefUpdate;
import org.eclipse.jgit.transport.SshTransport;
import org.eclipse.jgit.transport.sshd.ServerKeyDatabase;
import org.eclipse.jgit.transport.sshd.SshdSessionFactory;
import org.eclipse.jgit.transport.sshd.SshdSessionFactoryBuilder;
import org.eclipse.jgit.transport.UsernamePasswordCredentialsProvider;
import org.eclipse.jgit.treewalk.TreeWalk;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.List;
import java.nio.file.NoSuchFileException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Git side of a sync, with JGit: a bare repository in a temporary folder holds the one ref an operation needs
 * (fetched, never a full clone of every branch); trees are read and written in memory, never checked out. The
 * folder is deleted when the operation closes it.
 */
public final class GitRepositories implements AutoCloseable {
    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(GitRepositories.class);
    private static final String LOCAL = "refs/bindery/sync";
    /** A repository larger than this (files under the project directory) is refused rather than read into memory. */
    static final int MAX_FILES = 20_000;
    static final long MAX_BYTES = 256L * 1024 * 1024;

    /** A Git operation that failed: the message says why, without the credentials of the URL. */
    public static class GitFailure extends RuntimeException {
        public GitFailure(String message) {
            super(message);
        }
    }

    private final Path dir;
    private final Git git;
    private final RemoteRepository remote;
    private final CredentialsProvider credentials;
    private final int timeoutSeconds;
    /** The SSH transport of an ssh URL (its key in memory only); null for the others. */
    private final SshdSessionFactory ssh;
    /** How the SSH server's host key is checked, and the key it refused if it did. */
    private final HostKeys hostKeys;

    /** A push the remote refused (not fast-forward, a protected branch): nothing was changed there. */
    public static final class Refused extends GitFailure {
        public Refused(String message) {
            super(message);
        }
    }

    private GitRepositories(Path dir, Git git, RemoteRepository remote, int timeoutSeconds) {
        this.dir = dir;
        this.git = git;
        this.remote = remote;
        this.credentials = remote.hasCredentials()
                ? new UsernamePasswordCredentialsProvider(remote.username(), remote.password()) : null;
        this.timeoutSeconds = timeoutSeconds;
        this.hostKeys = new HostKeys(remote.sshHostKeys());
        this.ssh = sshFactory(remote, dir, hostKeys);
    }

    /**
     * JGit's Apache MINA SSH transport for {@code remote}'s key alone: no ~/.ssh, no agent, no config file; the key
     * is the one given, and the server's host key is checked by {@code hostKeys}.
     */
    private static SshdSessionFactory sshFactory(RemoteRepository remote, Path dir, HostKeys hostKeys) {
        if (remote.sshPrivateKey() == null) {
            return null;
        }
        KeyPair key = SshKeys.parse(remote.sshPrivateKey());
        return new SshdSessionFactoryBuilder().setHomeDirectory(dir.toFile()).setSshDirectory(dir.toFile())
                .setPreferredAuthentications("publickey").setDefaultKeysProvider(ignored -> List.of(key))
                .setConfigStoreFactory((home, config, user) -> null)
                .setServerKeyDatabase((home, sshDir) -> hostKeys)
                .build(null);
    }

    /**
     * The server's host key is one of those the user pinned (their SHA-256 fingerprints; credentials.sshKnownHosts),
     * or any when none was pinned (trust on every use: see the README). The key a pinned check refused is kept, so
     * the operation's error can name it.
     */
    static final class HostKeys implements ServerKeyDatabase {
        private final List<String> pinned;
        private volatile String refused;

        HostKeys(List<String> pinned) {
            this.pinned = pinned == null || pinned.isEmpty() ? null : List.copyOf(pinned);
        }

        @Override
        public List<PublicKey> lookup(String connectAddress, InetSocketAddress remoteAddress, Configuration config) {
            return List.of();
        }

        @Override
        public boolean accept(String connectAddress, InetSocketAddress remoteAddress, PublicKey serverKey,
                              Configuration config, CredentialsProvider provider) {
            if (pinned == null) {
                return true;
            }
            String fingerprint = SshKeys.fingerprint(serverKey);
            if (pinned.contains(fingerprint)) {
                return true;
            }
            refused = fingerprint;
            return false;
        }

        /** The operation's error when the server's host key was refused; null otherwise. */
        String refusal(String what) {
            String r = refused;
            return r == null ? null : what + ": the SSH server's host key (" + r + ") is not one of"
                    + " credentials.sshKnownHosts " + pinned + "; if the server's key changed, set the sync up again"
                    + " (PUT git/sync) with its new key";
        }
    }

    /** Sets the SSH transport on a command of an ssh URL. */
    private <C extends TransportCommand<C, ?>> C transport(C command) {
        return transport(command, ssh);
    }

    private static <C extends TransportCommand<C, ?>> C transport(C command, SshdSessionFactory factory) {
        if (factory != null) {
            command.setTransportConfigCallback(t -> {
                if (t instanceof SshTransport s) {
                    s.setSshSessionFactory(factory);
                }
            });
        }
        return command;
    }

    /** A new empty bare repository in a temporary folder, to work with {@code remote}. */
    public static GitRepositories open(RemoteRepository remote, int timeoutSeconds) {
        try {
            Path dir = Files.createTempDirectory("bindery-git-");
            Git git = Git.init().setBare(true).setDirectory(dir.toFile()).setInitialBranch("main").call();
            // no automatic gc after a fetch: it would run in the background while the folder is being deleted
            StoredConfig config = git.getRepository().getConfig();
            config.setInt("gc", null, "auto", 0);
            config.setBoolean("gc", null, "autoDetach", false);
            config.save();
            return new GitRepositories(dir, git, remote, timeoutSeconds);
        } catch (IOException | GitAPIException e) {
            throw new GitFailure("could not prepare a local repository: " + e.getMessage());
        }
    }

    /** Fetches {@code ref} from the remote; empty when the remote does not have it (an empty repository, a new branch). */
    public ObjectId fetch(String ref) {
        try {
            Map<String, Ref> refs = transport(git.lsRemote()).setRemote(remote.url()).setCredentialsProvider(credentials)
                    .setTimeout(timeoutSeconds).callAsMap();
            if (!refs.containsKey(ref)) {
                return null;
            }
            transport(git.fetch()).setRemote(remote.url()).setCredentialsProvider(credentials).setTimeout(timeoutSeconds)
                    .setRefSpecs(new RefSpec("+" + ref + ":" + LOCAL)).call();
            return git.getRepository().resolve(LOCAL);
        } catch (GitAPIException | IOException e) {
            throw failure("could not fetch " + ref + " from " + remote.url(), e);
        }
    }

    /** The remote's head of {@code ref}, without fetching anything (null: it has no such ref). */
    public static ObjectId head(RemoteRepository remote, String ref, int timeoutSeconds) {
        CredentialsProvider credentials = remote.hasCredentials()
                ? new UsernamePasswordCredentialsProvider(remote.username(), remote.password()) : null;
        Path home = null;
        SshdSessionFactory factory = null;
        HostKeys hostKeys = new HostKeys(remote.sshHostKeys());
        try {
            if (remote.sshPrivateKey() != null) {
                home = Files.createTempDirectory("bindery-ssh-");
                factory = sshFactory(remote, home, hostKeys);
            }
            Ref found = transport(Git.lsRemoteRepository(), factory).setRemote(remote.url())
                    .setCredentialsProvider(credentials).setTimeout(timeoutSeconds).callAsMap().get(ref);
            return found == null ? null : found.getObjectId();
        } catch (IOException e) {
            throw new GitFailure("could not prepare the SSH transport: " + e.getMessage());
        } catch (GitAPIException e) {
            String refused = hostKeys.refusal("could not read " + ref + " of " + remote.url());
            if (refused != null) {
                throw new GitFailure(refused);
            }
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            if (remote.hasCredentials() && !remote.password().isEmpty()) {
                message = message.replace(remote.password(), "***");
            }
            throw new GitFailure("could not read " + ref + " of " + remote.url() + ": " + message);
        } finally {
            if (factory != null) {
                factory.close();
            }
            if (home != null) {
                try {
                    Files.deleteIfExists(home);
                } catch (IOException e) {
                    LOG.debugf("git sync: %s left behind: %s", home, e.getMessage());
                }
            }
        }
    }

    /** Whether {@code commit} was fetched (an ancestor of what was fetched). */
    public boolean has(ObjectId commit) {
        try (RevWalk walk = new RevWalk(git.getRepository())) {
            walk.parseCommit(commit);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Whether every commit after {@code since} up to {@code head} carries one of {@code trailers} (made by Bindery).
     * False when {@code since} is not an ancestor of {@code head} (a rewritten history) or the range is long.
     */
    public boolean allCarry(ObjectId head, ObjectId since, String... trailers) {
        try (RevWalk walk = new RevWalk(git.getRepository())) {
            walk.markStart(walk.parseCommit(head));
            if (since != null && has(since)) {
                walk.markUninteresting(walk.parseCommit(since));
            } else {
                return false;
            }
            int seen = 0;
            for (RevCommit c : walk) {
                String message = c.getFullMessage();
                if (++seen > 1000 || java.util.Arrays.stream(trailers).noneMatch(t -> message.contains("\n" + t + ":"))) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            throw failure("could not read the commits of " + head.name(), e);
        }
    }

    /** The committer's e-mail of {@code commit} (who made the change in Git: an import is authored by them). */
    public String committerEmail(ObjectId commit) {
        try (RevWalk walk = new RevWalk(git.getRepository())) {
            return walk.parseCommit(commit).getCommitterIdent().getEmailAddress();
        } catch (IOException e) {
            throw failure("could not read the commit " + commit.name(), e);
        }
    }

    /** The full message of {@code commit}. */
    public String message(ObjectId commit) {
        try (RevWalk walk = new RevWalk(git.getRepository())) {
            return walk.parseCommit(commit).getFullMessage();
        } catch (IOException e) {
            throw failure("could not read the commit " + commit.name(), e);
        }
    }

    /** The files of {@code commit} under {@code projectDirectory} ("" or ending with "/"), by path relative to it. */
    public Map<String, byte[]> read(ObjectId commit, String projectDirectory) {
        Repository repo = git.getRepository();
        Map<String, byte[]> out = new TreeMap<>();
        long bytes = 0;
        try (RevWalk walk = new RevWalk(repo); TreeWalk tree = new TreeWalk(repo)) {
            tree.addTree(walk.parseCommit(commit).getTree());
            tree.setRecursive(true);
            while (tree.next()) {
                String path = tree.getPathString();
                if (!path.startsWith(projectDirectory) || !FileMode.REGULAR_FILE.equals(tree.getFileMode(0))
                        && !FileMode.EXECUTABLE_FILE.equals(tree.getFileMode(0))) {
                    continue;
                }
                byte[] content = repo.open(tree.getObjectId(0), Constants.OBJ_BLOB).getBytes();
                bytes += content.length;
                if (out.size() >= MAX_FILES || bytes > MAX_BYTES) {
                    throw new GitFailure("the repository is too large to import: more than " + MAX_FILES + " files or "
                            + (MAX_BYTES >> 20) + " MB under " + (projectDirectory.isEmpty() ? "its root" : projectDirectory));
                }
                out.put(path.substring(projectDirectory.length()), content);
            }
        } catch (IOException e) {
            throw failure("could not read the commit " + commit.name(), e);
        }
        return out;
    }

    /**
     * Commits {@code layout} under {@code projectDirectory} on top of {@code parent} (null: a first commit). What the
     * layout owns there (markdown pages, {@code .gitbook.yaml}, {@code .gitbook/}) is replaced; every other file of
     * the repository is kept. Null when the tree would not change: nothing to commit.
     */
    public ObjectId commit(ObjectId parent, Map<String, byte[]> layout, String projectDirectory, PersonIdent author,
                           String message) {
        return commit(parent, layout, projectDirectory, author, message, false);
    }

    /** {@link #commit}; {@code allowEmpty}: committed even when the tree does not change (a parent is needed). */
    public ObjectId commit(ObjectId parent, Map<String, byte[]> layout, String projectDirectory, PersonIdent author,
                           String message, boolean allowEmpty) {
        Repository repo = git.getRepository();
        try (ObjectInserter inserter = repo.newObjectInserter(); RevWalk walk = new RevWalk(repo);
             ObjectReader reader = repo.newObjectReader()) {
            DirCache index = DirCache.newInCore();
            DirCacheBuilder builder = index.builder();
            ObjectId parentTree = null;
            if (parent != null) {
                RevCommit p = walk.parseCommit(parent);
                parentTree = p.getTree();
                try (TreeWalk tree = new TreeWalk(reader)) {
                    tree.addTree(parentTree);
                    tree.setRecursive(true);
                    while (tree.next()) {
                        String path = tree.getPathString();
                        if (path.startsWith(projectDirectory) && ownedByLayout(path.substring(projectDirectory.length()))) {
                            continue;
                        }
                        DirCacheEntry e = new DirCacheEntry(path);
                        e.setFileMode(tree.getFileMode(0));
                        e.setObjectId(tree.getObjectId(0));
                        builder.add(e);
                    }
                }
            }
            for (Map.Entry<String, byte[]> file : layout.entrySet()) {
                DirCacheEntry e = new DirCacheEntry(projectDirectory + file.getKey());
                e.setFileMode(FileMode.REGULAR_FILE);
                e.setObjectId(inserter.insert(Constants.OBJ_BLOB, file.getValue()));
                builder.add(e);
            }
            builder.finish();
            ObjectId tree = index.writeTree(inserter);
            if (tree.equals(parentTree) && !(allowEmpty && parent != null)) {
                return null;
            }
            CommitBuilder commit = new CommitBuilder();
            commit.setTreeId(tree);
            if (parent != null) {
                commit.setParentId(parent);
            }
            commit.setAuthor(author);
            commit.setCommitter(author);
            commit.setMessage(message);
            ObjectId id = inserter.insert(commit);
            inserter.flush();
            RefUpdate update = repo.updateRef(LOCAL);
            update.setNewObjectId(id);
            update.forceUpdate();
            return id;
        } catch (IOException e) {
            throw failure("could not write the commit", e);
        }
    }

    /** Whether a file under the project directory is the layout's (replaced by an export), by its relative path. */
    static boolean ownedByLayout(String path) {
        return path.endsWith(".md") || path.equals(GitBookLayout.CONFIG) || path.startsWith(".gitbook/");
    }

    /** Pushes the last commit to {@code ref}; a refused push (not fast-forward, protected) is a failure saying so. */
    public void push(String ref, boolean force) {
        try {
            Iterable<PushResult> results = transport(git.push()).setRemote(remote.url()).setCredentialsProvider(credentials)
                    .setTimeout(timeoutSeconds).setForce(force).setRefSpecs(new RefSpec(LOCAL + ":" + ref)).call();
            for (PushResult result : results) {
                for (RemoteRefUpdate u : result.getRemoteUpdates()) {
                    if (u.getStatus() != RemoteRefUpdate.Status.OK && u.getStatus() != RemoteRefUpdate.Status.UP_TO_DATE) {
                        throw new Refused("the push to " + ref + " was refused (" + u.getStatus().name()
                                .toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + ")"
                                + (u.getMessage() == null ? "" : ": " + u.getMessage()));
                    }
                }
            }
        } catch (GitAPIException e) {
            throw failure("could not push to " + remote.url(), e);
        }
    }

    private GitFailure failure(String what, Exception e) {
        String refused = hostKeys.refusal(what);
        if (refused != null) {
            return new GitFailure(refused);
        }
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        String tls = tlsProblem(e);
        if (tls != null) {
            message += " (" + tls + "); a server whose certificate a private CA issued is trusted once the operator"
                    + " adds that CA to bindery.git-sync.trusted-certificates";
        }
        if (remote.hasCredentials() && !remote.password().isEmpty()) {
            message = message.replace(remote.password(), "***");
        }
        return new GitFailure(what + ": " + message);
    }

    /** The TLS handshake's own reason, among the causes (JGit says only "SSL problems"); null for no TLS failure. */
    private static String tlsProblem(Throwable e) {
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof javax.net.ssl.SSLException || t instanceof java.security.GeneralSecurityException) {
                return t.getMessage();
            }
        }
        return null;
    }

    /** Deletes the folder; a file that is already gone is fine, and a folder left behind never fails the operation. */
    @Override
    public void close() {
        git.close();
        if (ssh != null) {
            ssh.close();
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                    if (e instanceof NoSuchFileException) {
                        return FileVisitResult.CONTINUE;
                    }
                    throw e;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.deleteIfExists(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            LOG.warnf("git sync: could not delete the working folder %s: %s", dir, e.getMessage());
        }
    }
}
