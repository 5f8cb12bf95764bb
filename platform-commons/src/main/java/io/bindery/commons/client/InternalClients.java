package io.bindery.commons.client;

import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import io.vertx.core.http.HttpClientOptions;
import jakarta.ws.rs.ext.ContextResolver;

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
                .readTimeout(readTimeout.toMillis(), TimeUnit.MILLISECONDS)
                .register(new QuietConnectionPool());
    }

    /**
     * How often a Vert.x HTTP client's pool looks for expired keep-alive connections, in ms: for the internal clients
     * here and the gateway's own (its proxies, its API documents). Vert.x's default, every second, woke an event loop of
     * an idle service once a second per client (issue 29); a connection idle past its timeout lives up to 10 s longer.
     */
    public static final int POOL_CLEANER_PERIOD_MS = 10_000;

    /**
     * The HTTP client options every internal client starts from (the builder's settings are applied on top): its
     * pool's cleaner every {@link #POOL_CLEANER_PERIOD_MS}. A new instance per client, since the client sets its own timeouts on it.
     */
    static final class QuietConnectionPool implements ContextResolver<HttpClientOptions> {
        @Override
        public HttpClientOptions getContext(Class<?> type) {
            return new HttpClientOptions().setPoolCleanerPeriod(POOL_CLEANER_PERIOD_MS);
        }
    }
}
