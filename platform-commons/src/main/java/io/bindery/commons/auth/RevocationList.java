package io.bindery.commons.auth;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.bindery.contracts.identity.TokenRevocationsResponse;
import java.util.List;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.jboss.logging.Logger;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The ids of revoked, not yet expired tokens, kept current by polling identity's internal API
 * ({@code GET /internal/token-revocations?after=SEQ}) every second, so a revoked token is refused by the
 * gateway and every service within a couple of seconds; with a wait, each poll is a long poll that identity answers
 * when a revocation commits (see the four-argument constructor). Polling (rather than a Kafka consumer per process)
 * keeps the gateway free of a broker dependency and gives every process the full list at start-up.
 */
public final class RevocationList implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(RevocationList.class);
    // built here, not injected: the gateway verifies tokens without CDI; unknown fields are identity's to add
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final Map<String, Long> revoked = new ConcurrentHashMap<>(); // token id -> expiry epoch seconds
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final String endpoint;
    private final ScheduledExecutorService timer;
    private volatile long lastSeq;
    private volatile boolean synced;
    private final long waitMs;

    /** The Authorization header of each poll (a service token for identity), or null for none. */
    private final java.util.function.Supplier<String> authorization;

    public RevocationList(String identityBaseUrl, Duration interval) {
        this(identityBaseUrl, interval, () -> null);
    }

    public RevocationList(String identityBaseUrl, Duration interval, java.util.function.Supplier<String> authorization) {
        this(identityBaseUrl, interval, Duration.ZERO, authorization);
    }

    /**
     * With a {@code wait} above zero, each poll after the first successful one asks identity to hold an empty answer
     * that long ({@code &wait=MS}, a long poll): a revocation is still seen at once, and an idle process asks about
     * once a minute instead of every {@code interval}. An identity that does not know {@code wait} answers at once.
     */
    public RevocationList(String identityBaseUrl, Duration interval, Duration wait, java.util.function.Supplier<String> authorization) {
        this.waitMs = wait.toMillis();
        this.authorization = authorization;
        this.endpoint = identityBaseUrl.replaceAll("/+$", "") + "/internal/token-revocations";
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
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(endpoint + "?after=" + lastSeq + (wait > 0 ? "&wait=" + wait : "")))
                    .timeout(Duration.ofMillis(3000 + wait)).GET();
            String auth = authorization.get();
            if (auth != null) {
                b.header("Authorization", auth);
            }
            HttpRequest req = b.build();
            HttpResponse<String> resp = http.send(req, HttpResponse.BodyHandlers.ofString());
            if (resp.statusCode() != 200) {
                throw new IllegalStateException("identity answered " + resp.statusCode());
            }
            TokenRevocationsResponse body = JSON.readValue(resp.body(), TokenRevocationsResponse.class);
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
