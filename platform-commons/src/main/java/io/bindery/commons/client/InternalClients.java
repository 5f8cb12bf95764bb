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
        return QuarkusRestClientBuilder.newBuilder()
                .baseUri(URI.create(baseUrl.replaceAll("/+$", "")))
                .connectTimeout(connectTimeout.toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(readTimeout.toMillis(), TimeUnit.MILLISECONDS)
                .register(new InternalErrors(service))
                .build(api);
    }
}
