package io.bindery.identity.tokens;

import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

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
 * revocation shows in the table (looked for every {@link #CHECK_MS} ms, one query for all waiting polls, only while
 * some wait), or until MS pass. Eight verifiers (gateway and services) polling every second kept identity at ~4 % of
 * a core at rest; waiting, they ask about twice a minute, and a revocation still reaches them at once.
 */
@ApplicationScoped
public class RevocationWaits {
    static final long CHECK_MS = 2000;

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "revocation-waits");
        t.setDaemon(true);
        return t;
    });
    /** Waiting polls: future to the sequence number it has seen. */
    private final Map<CompletableFuture<Void>, Long> waiting = new ConcurrentHashMap<>();
    private ScheduledFuture<?> check;

    @Inject
    TokenStore store;
    @Inject
    RevocationWaits self;

    /** Completes when a revocation after {@code seq} may exist, or after {@code waitMs}. */
    public CompletableFuture<Void> after(long seq, long waitMs) {
        CompletableFuture<Void> f = new CompletableFuture<>();
        waiting.put(f, seq);
        ScheduledFuture<?> timeout = timer.schedule(() -> f.complete(null), waitMs, TimeUnit.MILLISECONDS);
        f.whenComplete((v, e) -> {
            waiting.remove(f);
            timeout.cancel(false);
        });
        ensureChecking();
        return f;
    }

    /** A revocation committed in this process. */
    public void revoked() {
        waiting.keySet().forEach(f -> f.complete(null));
    }

    private synchronized void ensureChecking() {
        if (check == null || check.isDone()) {
            check = timer.scheduleWithFixedDelay(this::checkOthers, CHECK_MS, CHECK_MS, TimeUnit.MILLISECONDS);
        }
    }

    private synchronized void checkOthers() {
        if (waiting.isEmpty()) {
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

    void stop(@Observes ShutdownEvent ev) {
        revoked();
        timer.shutdownNow();
    }
}
