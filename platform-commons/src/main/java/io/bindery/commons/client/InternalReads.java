package io.bindery.commons.client;

import io.smallrye.faulttolerance.api.Guard;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;

import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The one policy of internal reads (SmallRye Fault Tolerance, built here rather than as annotations copied onto
 * each client method): up to 2 retries 100 ms apart when the other service could not be reached ({@link Unreachable};
 * its own answers, 4xx or 5xx, are not retried), and a circuit breaker that opens when half of the last 20 calls could
 * not reach it and stays open 5 s. A guard per client method, named {@code <class>#<method>} as the annotations named
 * theirs, so one failing read does not open another's circuit. An open circuit is {@link Unreachable} too, a 503
 * saying calls pause. Its own class so that a service without the Fault Tolerance extension that never reads through
 * it (identity, the gateway) does not load it.
 */
public final class InternalReads {
    private static final Map<String, Guard> GUARDS = new ConcurrentHashMap<>();

    private InternalReads() {
    }

    /**
     * {@code read} under the policy, with the guard of {@code name} ({@code <class>#<method>}); {@code read} throws
     * {@link Unreachable} when {@code service} could not be reached.
     */
    public static <T> T read(String name, String service, Supplier<T> read) {
        try {
            @SuppressWarnings("unchecked")
            T answer = (T) guard(name).get(read::get, Object.class);
            return answer;
        } catch (CircuitBreakerOpenException e) {
            throw new Unreachable(service + " unavailable: it failed repeatedly, calls pause for a few seconds");
        }
    }

    private static Guard guard(String name) {
        return GUARDS.computeIfAbsent(name, n -> Guard.create()
                .withDescription(n)
                .withRetry().maxRetries(2).delay(100, ChronoUnit.MILLIS).retryOn(Unreachable.class).done()
                .withCircuitBreaker().requestVolumeThreshold(20).failureRatio(0.5).delay(5000, ChronoUnit.MILLIS)
                .failOn(Unreachable.class).done()
                .build());
    }
}
