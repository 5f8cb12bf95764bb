package io.bindery.integrations.testing;

import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.transport.ReceivePack;
import org.eclipse.jgit.transport.UploadPack;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.Base64;

/**
 * A Git server over SSH for tests: Apache MINA sshd's server on a random loopback port (the library JGit's SSH
 * transport is built on), one public key allowed, running JGit's upload-pack and receive-pack for the bare
 * repositories of a folder, as JGit's own SSH tests do.
 */
public final class GitSshServer implements AutoCloseable {
    private final SshServer server;

    public GitSshServer(Path repositories, PublicKey allowed) throws IOException {
        server = SshServer.setUpDefaultServer();
        server.setHost("127.0.0.1");
        server.setPort(0);
        server.setKeyPairProvider(new SimpleGeneratorHostKeyProvider());
        server.setPublickeyAuthenticator((user, key, session) -> KeyUtils.compareKeys(key, allowed));
        server.setCommandFactory((channel, command) -> new GitCommand(repositories, command));
        server.start();
    }

    /** The ssh URL of a repository of the folder. */
    public String url(String name) {
        return "ssh://git@127.0.0.1:" + server.getPort() + "/" + name;
    }

    /** The server's host key as a known_hosts line ({@code [host]:port type base64}). */
    public String knownHosts() throws Exception {
        PublicKey key = server.getKeyPairProvider().loadKeys(null).iterator().next().getPublic();
        return "[127.0.0.1]:" + server.getPort() + " " + org.apache.sshd.common.config.keys.PublicKeyEntry.toString(key);
    }

    /** {@code pair}'s private key as PEM (PKCS#8) text, as a user pastes a key. */
    public static String pem(java.security.KeyPair pair) {
        return "-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(pair.getPrivate().getEncoded()) + "\n-----END PRIVATE KEY-----\n";
    }

    @Override
    public void close() throws IOException {
        server.stop(true);
    }

    /** {@code git-upload-pack '/name'} or {@code git-receive-pack '/name'} on the folder's repository. */
    private static final class GitCommand implements Command {
        private final Path repositories;
        private final String command;
        private InputStream in;
        private OutputStream out;
        private OutputStream err;
        private ExitCallback exit;

        GitCommand(Path repositories, String command) {
            this.repositories = repositories;
            this.command = command;
        }

        @Override
        public void setInputStream(InputStream in) {
            this.in = in;
        }

        @Override
        public void setOutputStream(OutputStream out) {
            this.out = out;
        }

        @Override
        public void setErrorStream(OutputStream err) {
            this.err = err;
        }

        @Override
        public void setExitCallback(ExitCallback callback) {
            this.exit = callback;
        }

        @Override
        public void start(ChannelSession channel, Environment env) {
            Thread.ofPlatform().daemon().name("git-ssh-command").start(this::run);
        }

        private void run() {
            int status = 0;
            String[] parts = command.split(" ", 2);
            String name = parts.length < 2 ? "" : parts[1].replace("'", "").replaceFirst("^/+", "");
            Path dir = repositories.resolve(name).normalize();
            try (Repository repo = new FileRepositoryBuilder().setGitDir(dir.toFile()).setMustExist(true).build()) {
                if (!dir.startsWith(repositories)) {
                    throw new IOException("outside the repositories");
                }
                switch (parts[0]) {
                    case "git-upload-pack" -> new UploadPack(repo).upload(in, out, err);
                    case "git-receive-pack" -> new ReceivePack(repo).receive(in, out, err);
                    default -> throw new IOException("unknown command " + parts[0]);
                }
            } catch (IOException | RuntimeException e) {
                status = 1;
                try {
                    err.write((e.getMessage() + "\n").getBytes(StandardCharsets.UTF_8));
                    err.flush();
                } catch (IOException ignored) {
                    // the client is gone
                }
            }
            try {
                out.flush();
            } catch (IOException ignored) {
                // the client is gone
            }
            exit.onExit(status);
        }

        @Override
        public void destroy(ChannelSession channel) {
        }
    }
}
