package io.bindery.commons.client;

import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.errors.ApiException;
import jakarta.ws.rs.ProcessingException;

import java.util.function.Function;

/**
 * One call to another service's internal API (a REST Client method), given this service's token for it. No token
 * is a 503; the service unreachable, or silent past the client's timeout, is {@link Unreachable} (a 503, which
 * reads retry). The other service's own error answers come through the client's {@link InternalErrors}.
 */
public final class InternalCall {
    private InternalCall() {
    }

    public static <T> T with(ServiceTokens tokens, String service, Function<String, T> request) {
        String credential;
        try {
            credential = tokens.authorization(service);
        } catch (IllegalStateException e) {
            throw new ApiException(503, "no service token for " + service + ": " + e.getMessage());
        }
        try {
            return request.apply(credential);
        } catch (ProcessingException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new Unreachable(service + " unavailable: " + cause.getMessage());
        }
    }

    /**
     * A read (a GET, or a POST that only reads): as {@link #with}, under the one policy of internal reads
     * ({@link InternalReads}: retried when {@code service} could not be reached, a circuit breaker per
     * {@code caller#method}, an open one a 503).
     */
    public static <T> T read(Class<?> caller, String method, ServiceTokens tokens, String service, Function<String, T> request) {
        return InternalReads.read(caller.getName() + "#" + method, service, () -> with(tokens, service, request));
    }
}
