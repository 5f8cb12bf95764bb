package io.bindery.identity.tokens;

import io.agroal.api.AgroalDataSource;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Long polls of {@code GET /internal/token-revocations?after=N&wait=MS} (issue 29): when nothing is newer than N, the
 * answer waits until a revocation commits here ({@link #revoked}, after the commit), until another replica's
 * revocation is announced, or until MS pass. Eight verifiers (gateway and services) polling every second kept
 * identity at ~4 % of a core at rest; waiting, they ask about once a minute, and a revocation still reaches them at
 * once.
 * <p>
 * Another replica's revocations arrive by PostgreSQL {@code LISTEN}/{@code NOTIFY} ({@link TokenStore#notifyRevocation}
 * in the revoking transaction): one connection of the pool blocks in {@code getNotifications}, which costs nothing at
 * rest. Querying the table every 2 s for the same thing was a third of identity's idle CPU. While that connection is
 * lost, the table is queried every {@link #CHECK_MS} ms again, until it listens again.
 */
@ApplicationScoped
public class RevocationWaits {
    private static final Logger LOG = Logger.getLogger(RevocationWaits.class);
    static final long CHECK_MS = 2000;
    /** How long one {@code getNotifications} blocks before it looks whether the service is stopping. */
    private static final int LISTEN_MS = 10_000;

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "revocation-waits");
        t.setDaemon(true);
        return t;
    });
    /** Waiting polls: future to the sequence number it has seen. */
    private final Map<CompletableFuture<Void>, Long> waiting = new ConcurrentHashMap<>();
    private ScheduledFuture<?> check;
    private volatile boolean listening;
    private volatile boolean running = true;
    private Thread listener;

    @Inject
    TokenStore store;
    @Inject
    RevocationWaits self;
    @Inject
    AgroalDataSource dataSource;

    void start(@Observes StartupEvent ev) {
        listener = new Thread(this::listen, "revocation-listener");
        listener.setDaemon(true);
        listener.start();
    }

    /** Completes when a revocation after {@code seq} may exist, or after {@code waitMs}. */
    public CompletableFuture<Void> after(long seq, long waitMs) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        waiting.put(f, seq);
        ScheduledFuture<?> timeout = timer.schedule(() -> f.complete(null), waitMs, TimeUnit.MILLISECONDS);
        f.whenComplete((v, e) -> {
            waiting.remove(f);
            timeout.cancel(false);
        });
        if (!listening) {
            ensureChecking();
        }
        return f;
    }

    /** A revocation committed in this process, or was announced by another: every waiting poll answers. */
    public void revoked() {
        waiting.keySet().forEach(f -> f.complete(null));
    }

    /** The listener's loop: LISTEN on a connection of its own, wake the polls on each notice, reconnect when lost. */
    private void listen() {
        while (running) {
            try (Connection c = dataSource.getConnection()) {
                c.setAutoCommit(true);
                store.listenToRevocations(c);
                PGConnection pg = c.unwrap(PGConnection.class);
                listening = true;
                revoked(); // a revocation may have committed while nobody listened: the polls ask again
                while (running) {
                    PGNotification[] notices = pg.getNotifications(LISTEN_MS);
                    if (notices != null && notices.length > 0) {
                        revoked();
                    }
                }
            } catch (SQLException | RuntimeException e) {
                listening = false;
                if (running) {
                    LOG.debugf("revocation notices lost, querying every %d ms until they are back: %s", CHECK_MS, e.getMessage());
                    ensureChecking();
                    sleep(CHECK_MS);
                }
            }
        }
    }

    private synchronized void ensureChecking() {
        if (check == null || check.isDone()) {
            check = timer.scheduleWithFixedDelay(this::checkOthers, CHECK_MS, CHECK_MS, TimeUnit.MILLISECONDS);
        }
    }

    private synchronized void checkOthers() {
        if (waiting.isEmpty() || listening) {
            check.cancel(false);
            return;
        }
        try {
            long max = self.maxSeq();
            waiting.forEach((f, seen) -> {
                if (max > seen) {
                    f.complete(null);
                }
            });
        } catch (RuntimeException e) {
            // the polls end by their own timeout
        }
    }

    @Transactional
    long maxSeq() {
        return store.maxRevocationSeq();
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    void stop(@Observes ShutdownEvent ev) {
        running = false;
        revoked();
        timer.shutdownNow();
        if (listener != null) {
            listener.interrupt();
        }
    }
}
