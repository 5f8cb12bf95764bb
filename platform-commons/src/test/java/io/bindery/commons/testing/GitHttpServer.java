package io.bindery.commons.testing;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jgit.http.server.GitServlet;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.transport.ReceivePack;
import org.eclipse.jgit.errors.RepositoryNotFoundException;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.EnumSet;

/**
 * A Git server over HTTP, or HTTPS with a key store, for tests: JGit's {@link GitServlet} (smart HTTP, fetch and
 * push) in Jetty on a random loopback port, serving the bare repositories of a folder, every request behind basic
 * auth with one user.
 */
public final class GitHttpServer implements AutoCloseable {
    private final Server server;
    private final String scheme;
    private final java.util.Set<String> PROTECTED = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private volatile java.util.concurrent.CountDownLatch hold;
    private final java.util.concurrent.atomic.AtomicInteger held = new java.util.concurrent.atomic.AtomicInteger();

    /** Pushes wait (in the receiving end, before any ref moves) until {@code release} is counted down; null: none. */
    public void holdPushes(java.util.concurrent.CountDownLatch release) {
        hold = release;
    }

    /** How many pushes have waited on a hold so far. */
    public int held() {
        return held.get();
    }

    /** Pushes to {@code ref} are refused from now on. */
    public void protect(String ref) {
        PROTECTED.add(ref);
    }

    public GitHttpServer(Path repositories, String user, String password) throws Exception {
        this(repositories, user, password, null, null);
    }

    /** Over HTTPS with the key and certificate of a PKCS#12 {@code keyStore} (null: plain HTTP). */
    public GitHttpServer(Path repositories, String user, String password, Path keyStore, String storePassword) throws Exception {
        GitServlet git = new GitServlet();
        git.setRepositoryResolver((request, name) -> {
            File dir = repositories.resolve(name).normalize().toFile();
            if (!dir.toPath().startsWith(repositories) || !dir.isDirectory()) {
                throw new RepositoryNotFoundException(name);
            }
            try {
                return new FileRepositoryBuilder().setGitDir(dir).setMustExist(true).build();
            } catch (java.io.IOException e) {
                throw new RepositoryNotFoundException(name, e);
            }
        });
        // the basic-auth filter has let the caller in: pushes are allowed
        git.setReceivePackFactory((request, repo) -> {
            ReceivePack pack = new ReceivePack(repo);
            // a protected branch, as hosts have them: any update of it is refused
            pack.setPreReceiveHook((rp, commands) -> {
                java.util.concurrent.CountDownLatch waitFor = hold;
                if (waitFor != null) {
                    held.incrementAndGet();
                    try {
                        waitFor.await(60, java.util.concurrent.TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                commands.stream().filter(c -> PROTECTED.contains(c.getRefName()))
                        .forEach(c -> c.setResult(org.eclipse.jgit.transport.ReceiveCommand.Result.REJECTED_OTHER_REASON,
                                "protected branch"));
            });
            return pack;
        });
        String expected = "Basic " + Base64.getEncoder().encodeToString((user + ":" + password)
                .getBytes(StandardCharsets.UTF_8));
        Filter basicAuth = (request, response, chain) -> {
            if (expected.equals(((HttpServletRequest) request).getHeader("Authorization"))) {
                chain.doFilter(request, response);
            } else {
                HttpServletResponse r = (HttpServletResponse) response;
                r.setHeader("WWW-Authenticate", "Basic realm=\"git\"");
                r.sendError(401);
            }
        };
        ServletContextHandler context = new ServletContextHandler("/git");
        context.addFilter(new FilterHolder(basicAuth), "/*", EnumSet.of(DispatcherType.REQUEST));
        context.addServlet(new ServletHolder(git), "/*");
        server = new Server();
        ServerConnector connector;
        if (keyStore == null) {
            connector = new ServerConnector(server);
            scheme = "http";
        } else {
            org.eclipse.jetty.util.ssl.SslContextFactory.Server tls = new org.eclipse.jetty.util.ssl.SslContextFactory.Server();
            tls.setKeyStorePath(keyStore.toString());
            tls.setKeyStoreType("PKCS12");
            tls.setKeyStorePassword(storePassword);
            connector = new ServerConnector(server, tls);
            scheme = "https";
        }
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(context);
        server.start();
    }

    /** The URL of a repository of the folder, with the credentials given (null: none). */
    public String url(String name, String user, String password) {
        int port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
        return scheme + "://" + (user == null ? "" : user + ":" + password + "@") + "127.0.0.1:" + port + "/git/" + name;
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
