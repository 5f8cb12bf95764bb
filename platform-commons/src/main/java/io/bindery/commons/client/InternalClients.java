package io.bindery.commons.client;

import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Builds a REST Client for another service's internal API, the same way in every service: its base URL without a
 * trailing slash, a connect and a read timeout (past them the call is {@link Unreachable}, a 503), and the other
 * service's error answers passed on through {@link InternalErrors}.
 */
public final class InternalClients {
    private InternalClients() {
    }

    public static <T> T build(Class<T> api, String service, String baseUrl, Duration connectTimeout, Duration readTimeout) {
        return builder(baseUrl, connectTimeout, readTimeout).register(new InternalErrors(service)).build(api);
    }

    /**
     * As {@link #build}, but an error answer is the client's plain {@code WebApplicationException} (its status
     * readable) and a failure to connect or read a {@code ProcessingException}: for the calls to identity that
     * decide themselves what a 404 or an unreachable identity means (the token classes, the projections' reads).
     */
    public static <T> T plain(Class<T> api, String baseUrl, Duration connectTimeout, Duration readTimeout) {
        return builder(baseUrl, connectTimeout, readTimeout).build(api);
    }

    private static QuarkusRestClientBuilder builder(String baseUrl, Duration connectTimeout, Duration readTimeout) {
        return QuarkusRestClientBuilder.newBuilder()
                .baseUri(URI.create(baseUrl.replaceAll("/+$", "")))
                .connectTimeout(connectTimeout.toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(readTimeout.toMillis(), TimeUnit.MILLISECONDS);
    }
}
