package io.bindery.integrations.delivery;

import io.bindery.commons.outbound.OutboundGuard;
import io.bindery.commons.outbound.OutboundRefused;
import io.bindery.integrations.config.IntegrationsConfig;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Delivers queued integration events (rows of {@code integration_event} with delivery = pending). One thread claims
 * due rows in a short transaction ({@code FOR UPDATE SKIP LOCKED}, so several replicas share the queue), only the
 * oldest pending row of each installation (so each installation's events arrive in order), and pushes their
 * {@code next_attempt_at} by a lease; the claimed rows are POSTed in parallel (one per installation) through the
 * outbound guard, signed, and each outcome is written back with its trace line: delivered on a 2xx, otherwise
 * retried after an exponential backoff with jitter until {@code give_up_at}, then failed. Nothing lives in memory
 * between attempts: a process that stops mid-retry leaves rows that the next worker claims once due (a row claimed
 * by a worker that died is due again when its lease ends). At least once: an answer lost after the receiver had
 * the event is delivered again.
 */
@ApplicationScoped
public class DeliveryWorker {
    private static final Logger LOG = Logger.getLogger(DeliveryWorker.class);
    private static final int KEEP_ANSWER_CHARS = 200;

    @Inject
    DeliveryStore store;
    @Inject
    IntegrationsConfig config;
    @Inject
    OutboundGuard guard;
    @Inject
    io.micrometer.core.instrument.MeterRegistry meters;

    private final Semaphore wakeups = new Semaphore(0);
    private volatile boolean running;
    private volatile Thread thread;
    private ExecutorService pool;

    /** A claimed row: what its attempt needs. */
    record Claimed(String id, String integration, String installation, String organization, String payload, int attempt,
                   Instant giveUpAt) {
    }

    /** Where and how an integration's events are sent. */
    record Target(String url, boolean tunnel, String secret) {
    }

    void onStart(@Observes StartupEvent event) {
        if (config.delivery().enabled()) {
            start();
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        stop();
    }

    /** Starts the worker thread (again, after {@link #stop}). */
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        pool = Executors.newFixedThreadPool(Math.max(1, config.delivery().concurrency()), r -> {
            Thread t = new Thread(r, "integration-delivery");
            t.setDaemon(true);
            return t;
        });
        Thread t = new Thread(this::loop, "integration-delivery-claims");
        t.setDaemon(true);
        thread = t;
        t.start();
    }

    /** Stops claiming and waits for the attempts in flight: what stays pending is in the database only. */
    public synchronized void stop() {
        running = false;
        Thread t = thread;
        if (t != null) {
            wakeups.release();
            try {
                t.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            thread = null;
        }
        if (pool != null) {
            pool.shutdown();
            try {
                pool.awaitTermination(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            pool = null;
        }
    }

    public boolean running() {
        return running;
    }

    /** A new event was committed: look at the queue now rather than at the next poll. */
    public void wake() {
        if (wakeups.availablePermits() == 0) {
            wakeups.release();
        }
    }

    private void loop() {
        long poll = config.delivery().pollInterval().toMillis();
        while (running) {
            try {
                int done = runOnce();
                if (done == 0) {
                    wakeups.tryAcquire(idleWait(poll), TimeUnit.MILLISECONDS);
                    wakeups.drainPermits();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                LOG.warnf("integration deliveries: %s", e.getMessage());
                try {
                    Thread.sleep(poll);
                } catch (InterruptedException ie) {
                    return;
                }
            }
        }
    }

    /** At most this long between looks at an idle queue (issue 29: polling every 0.5 s cost ~0.3 % of a core at rest). */
    static final long MAX_IDLE_WAIT_MS = 30_000;

    /**
     * How long an idle worker may sleep: until the earliest pending event falls due (a retry's backoff, a lease of a
     * worker that died), at least {@code poll}, at most {@link #MAX_IDLE_WAIT_MS}. A commit here wakes it at once
     * ({@link #wake}); one of another replica is delivered by that replica.
     */
    long idleWait(long poll) {
        try {
            Instant due = QuarkusTransaction.requiringNew().call(store::earliestDue);
            if (due == null) {
                return Math.max(poll, MAX_IDLE_WAIT_MS);
            }
            long ms = Duration.between(Instant.now(), due).toMillis();
            return Math.min(Math.max(ms, poll), Math.max(poll, MAX_IDLE_WAIT_MS));
        } catch (RuntimeException e) {
            return poll;
        }
    }

    /** Claims the due heads of the installations' queues and attempts each; returns how many were attempted. */
    public int runOnce() throws InterruptedException {
        List<Claimed> claimed = QuarkusTransaction.requiringNew().call(this::claim);
        if (claimed.isEmpty()) {
            return 0;
        }
        ExecutorService p = pool;
        if (p == null) {
            claimed.forEach(this::attempt);
            return claimed.size();
        }
        List<Future<?>> inFlight = new ArrayList<>(claimed.size());
        for (Claimed c : claimed) {
            inFlight.add(p.submit(() -> attempt(c)));
        }
        for (Future<?> f : inFlight) {
            try {
                f.get();
            } catch (java.util.concurrent.ExecutionException e) {
                LOG.warnf("integration delivery failed unexpectedly: %s", e.getCause().getMessage());
            }
        }
        return claimed.size();
    }

    List<Claimed> claim() {
        Instant now = Instant.now();
        return store.claim(now.plus(config.delivery().lease()), now, config.delivery().batchSize());
    }

    /** One attempt of one claimed row, and its outcome written back. */
    void attempt(Claimed c) {
        Target target;
        try {
            target = QuarkusTransaction.requiringNew().call(() -> target(c));
        } catch (RuntimeException e) {
            LOG.debugf("integration delivery of %s: %s", c.id(), e.getMessage());
            return; // the database is away: the lease brings the row back
        }
        Instant started = Instant.now();
        if (target == null || target.url() == null) {
            finish(c, started, false, "attempt " + c.attempt() + ": "
                    + (target == null ? "the integration is deleted" : "the integration has no endpoint and no development tunnel"),
                    target == null);
            return;
        }
        byte[] body = c.payload().getBytes(StandardCharsets.UTF_8);
        long t = started.getEpochSecond();
        String signature = Signatures.header(target.secret(), t, body);
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("User-Agent", "Bindery-Integrations/1");
        headers.put(Signatures.HEADER, signature);
        headers.put("X-Bindery-Event-Id", c.id());
        headers.put("X-Bindery-Delivery-Attempt", String.valueOf(c.attempt()));
        String request = "attempt " + c.attempt() + ": POST " + target.url() + (target.tunnel() ? " (development tunnel)" : "")
                + ", " + body.length + " bytes, " + Signatures.HEADER + " t=" + t;
        try {
            OutboundGuard.Posted answer = guard.post(target.url(), headers, body, KEEP_ANSWER_CHARS);
            boolean ok = answer.status() / 100 == 2;
            finish(c, started, ok, request + " -> HTTP " + answer.status() + " in " + answer.millis() + " ms"
                    + (ok || answer.bodyStart().isEmpty() ? "" : ": " + answer.bodyStart().strip()), false);
        } catch (OutboundRefused e) {
            finish(c, started, false, request + " -> " + e.getMessage() + " after "
                    + Duration.between(started, Instant.now()).toMillis() + " ms", false);
        }
    }

    Target target(Claimed c) {
        DeliveryStore.Endpoint e = store.endpoint(c.integration());
        if (e == null) {
            return null;
        }
        if (e.tunnelUrl() != null && (e.tunnelForAll() || c.organization().equals(e.owner()))) {
            return new Target(e.tunnelUrl(), true, e.secret());
        }
        return new Target(e.url(), false, e.secret());
    }

    /** Writes an attempt's outcome: delivered, retried later, or given up (at once when {@code final_}). */
    private void finish(Claimed c, Instant started, boolean delivered, String message, boolean giveUpNow) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        Instant next = now.plus(backoff(c.attempt()));
        String state = delivered ? "delivered" : giveUpNow || next.isAfter(c.giveUpAt()) ? "failed" : "pending";
        // bindery_delivery_attempts_seconds{outcome}: each attempt, how it ended (delivered, retrying, failed) and how long
        io.micrometer.core.instrument.Timer.builder("bindery.delivery.attempts")
                .description("integration event delivery attempts by outcome: delivered, pending (retried later), failed (given up)")
                .tag("outcome", state).register(meters).record(Duration.between(started, Instant.now()));
        String level = delivered ? "info" : state.equals("failed") ? "error" : "warn";
        String line = message + (state.equals("pending") ? "; next attempt at " + next : state.equals("failed")
                ? "; given up" : "");
        try {
            QuarkusTransaction.requiringNew().run(() -> store.recordAttempt(c.id(), c.attempt(), state,
                    state.equals("pending") ? next : now, delivered, now, line, started, level));
        } catch (RuntimeException e) {
            LOG.warnf("could not record the delivery of %s (%s): it is attempted again after its lease", c.id(), e.getMessage());
        }
    }

    /** {@code first × 2^(attempt-1)}, at most {@code max}, times a random factor in [0.5, 1). */
    Duration backoff(int attempt) {
        Duration first = config.delivery().firstBackoff();
        Duration max = config.delivery().maxBackoff();
        long millis = first.toMillis();
        for (int i = 1; i < attempt && millis < max.toMillis(); i++) {
            millis *= 2;
        }
        millis = Math.min(millis, max.toMillis());
        return Duration.ofMillis((long) (millis * (0.5 + ThreadLocalRandom.current().nextDouble() * 0.5)));
    }
}
