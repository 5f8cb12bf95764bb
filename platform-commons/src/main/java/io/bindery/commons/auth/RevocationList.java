package io.bindery.commons.auth;

import io.bindery.contracts.identity.IdentityRevocationsApi;
import io.bindery.contracts.identity.TokenRevocationsResponse;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The ids of revoked, not yet expired tokens, kept current by polling identity's internal API
 * ({@link IdentityRevocationsApi}, {@code GET /internal/token-revocations?after=SEQ}) every second, so a revoked token
 * is refused by the gateway and every service within a couple of seconds; with a wait, each poll is a long poll that
 * identity answers when a revocation commits. Polling (rather than a Kafka consumer per process) keeps the gateway
 * free of a broker dependency and gives every process the full list at start-up. Plain class (the gateway has no
 * commons beans): the REST Clients are given, built by commons' {@code IdentityCalls}.
 */
public final class RevocationList implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(RevocationList.class);

    private final Map<String, Long> revoked = new ConcurrentHashMap<>(); // token id -> expiry epoch seconds
    private final IdentityRevocationsApi identity;
    private final IdentityRevocationsApi longPolls;
    private final ScheduledExecutorService timer;
    private volatile long lastSeq;
    private volatile boolean synced;
    private final long waitMs;

    /** The Authorization header of each poll (a service token for identity), or null for none. */
    private final Supplier<String> authorization;

    /**
     * {@code identity} answers at once (its client's read timeout is a plain call's); {@code longPolls}, whose read
     * timeout is longer than {@code wait}, is asked with {@code wait} above zero after the first successful poll:
     * identity then holds an empty answer that long, so a revocation is still seen at once and an idle process asks
     * about once a minute instead of every {@code interval}. An identity that does not know {@code wait} answers at once.
     */
    public RevocationList(IdentityRevocationsApi identity, IdentityRevocationsApi longPolls, Duration interval, Duration wait,
                          Supplier<String> authorization) {
        this.identity = identity;
        this.longPolls = longPolls;
        this.waitMs = wait.toMillis();
        this.authorization = authorization;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "token-revocations");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::pollQuietly, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    public boolean isRevoked(String tokenId) {
        return tokenId != null && revoked.containsKey(tokenId);
    }

    /** True once one poll succeeded. */
    public boolean synced() {
        return synced;
    }

    private void pollQuietly() {
        try {
            poll();
        } catch (Exception e) {
            LOG.debugf("revocation poll failed: %s", e.toString());
        }
    }

    void poll() throws Exception {
        boolean more = true;
        boolean first = true;
        while (more) {
            // once synced, a long poll: identity answers when a revocation comes, or empty after waitMs
            long wait = synced && first ? waitMs : 0;
            first = false;
            TokenRevocationsResponse body = (wait > 0 ? longPolls : identity)
                    .after(authorization.get(), lastSeq, wait > 0 ? wait : null).toCompletableFuture().get();
            for (TokenRevocationsResponse.Revocation item : body.items() == null ? List.<TokenRevocationsResponse.Revocation>of() : body.items()) {
                revoked.put(item.tokenId(), item.expiresAt().getEpochSecond());
                lastSeq = Math.max(lastSeq, item.seq());
            }
            more = body.more();
        }
        long now = Instant.now().getEpochSecond();
        revoked.values().removeIf(exp -> exp < now);
        synced = true;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
