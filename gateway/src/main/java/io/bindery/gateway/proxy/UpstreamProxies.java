package io.bindery.gateway.proxy;

import io.bindery.commons.client.InternalClients;
import io.bindery.gateway.config.GatewayConfig;
import io.bindery.gateway.config.GatewayTraceSampling;
import io.bindery.gateway.limits.BodyLimit;
import io.quarkus.runtime.ShutdownEvent;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.impl.ContextInternal;
import io.vertx.core.net.SocketAddress;
import io.vertx.httpproxy.HttpProxy;
import io.vertx.httpproxy.ProxyOptions;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.netty.channel.EventLoop;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One vertx-http-proxy {@link HttpProxy} per upstream service, over Vert.x {@link HttpClient}s
 * (HTTP/1.1 keep-alive, no pipelining, {@code bindery.gateway.pool-size} connections per upstream and event loop).
 * Getting a connection is bounded by {@code connect-timeout} (then 503), the upstream's answer (its response
 * headers) by {@code upstream-timeout} (then 504); see {@link GatewayInterceptor}.
 * <p>
 * One client per event loop, used only from that loop, so that a kept-alive upstream connection lives on the event
 * loop of the requests it serves. With one shared client a connection could live on another loop: its response's end
 * was handed over to the request's loop as a task, after the connection was back in the pool. A client that hung up
 * as soon as it had the whole body (as most do) could be seen first; the proxy then resets the upstream request
 * (vertx-http-proxy's handler of a closed client), and Vert.x 4.5 closes the connection of a reset request even after
 * it finished (eclipse-vertx/vert.x#6294) — by then serving another request, which failed with a 503 or 502 in a few
 * milliseconds (a few in 10,000 requests under load; the fault drill's overload saw them). On one loop the end is
 * handled before the hang-up can be, so the reset never comes.
 */
@Singleton
public class UpstreamProxies {
    private final Vertx vertx;
    private final HttpClientOptions options;
    private final PoolOptions pool;
    private final Map<EventLoop, HttpClient> clients = new ConcurrentHashMap<>();
    private final Map<String, HttpProxy> proxies = new LinkedHashMap<>();
    private final BodyLimit bodyLimit;

    @Inject
    public UpstreamProxies(GatewayConfig config, Vertx vertx, io.opentelemetry.api.OpenTelemetry openTelemetry,
                           io.micrometer.core.instrument.MeterRegistry registry, GatewayTraceSampling tracing) {
        UpstreamMetrics metrics = new UpstreamMetrics(registry);
        long connectMs = config.connectTimeout().toMillis();
        long timeoutMs = config.upstreamTimeout().toMillis();
        this.bodyLimit = new BodyLimit(vertx, config.maxBodyBytes());
        this.vertx = vertx;
        this.options = new HttpClientOptions()
                .setName("bindery-gateway")
                .setKeepAlive(true)
                .setKeepAliveTimeout(60)
                .setPipelining(false)
                .setTcpNoDelay(true)
                .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, connectMs))
                .setDecompressionSupported(false);
        // the pool looks for expired keep-alive connections every 10 s, not every second (issue 29)
        this.pool = new PoolOptions()
                .setHttp1MaxSize(config.poolSize())
                .setMaxWaitQueueSize(-1)
                .setCleanerPeriod(InternalClients.POOL_CLEANER_PERIOD_MS);
        // the proxies' nominal client; every request goes through client() instead
        HttpClient nominal = client();
        for (Map.Entry<String, String> upstream : config.upstreams().entrySet()) {
            String service = upstream.getKey();
            RequestOptions target = target(service, upstream.getValue()).setConnectTimeout(connectMs).setIdleTimeout(timeoutMs);
            HttpProxy proxy = HttpProxy.reverseProxy(new ProxyOptions().setSupportWebSocket(false), nominal);
            proxy.origin(context -> client().request(target).transform(UpstreamProxies::connected));
            proxy.addInterceptor(new GatewayInterceptor(service, timeoutMs, bodyLimit,
                    openTelemetry.getPropagators().getTextMapPropagator(), !tracing.recordsTraces(), metrics));
            proxies.put(service, proxy);
        }
    }

    /** The client of the calling event loop (a new connection opens on the caller's loop: see the class comment). */
    private HttpClient client() {
        EventLoop loop = ((ContextInternal) vertx.getOrCreateContext()).nettyEventLoop();
        return clients.computeIfAbsent(loop, l -> vertx.createHttpClient(options, pool));
    }

    /** The target of an upstream base URL such as {@code http://127.0.0.1:8081}; no path allowed. */
    static RequestOptions target(String service, String baseUrl) {
        URI uri;
        try {
            uri = URI.create(baseUrl.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bindery.gateway.upstreams." + service + ": invalid URL '" + baseUrl + "'");
        }
        String scheme = uri.getScheme();
        boolean ssl = "https".equalsIgnoreCase(scheme);
        if (!ssl && !"http".equalsIgnoreCase(scheme) || uri.getHost() == null
                || (uri.getPath() != null && !uri.getPath().isEmpty() && !uri.getPath().equals("/"))) {
            throw new IllegalArgumentException("bindery.gateway.upstreams." + service
                    + " must be http(s)://host[:port] without a path, not '" + baseUrl + "'");
        }
        int port = uri.getPort() > 0 ? uri.getPort() : (ssl ? 443 : 80);
        return new RequestOptions()
                .setServer(SocketAddress.inetSocketAddress(port, uri.getHost()))
                .setHost(uri.getHost())
                .setPort(port)
                .setSsl(ssl);
    }

    /**
     * A failure to get a connection becomes {@link UpstreamConnectException} (503). A request's own failures
     * (timeout, reset) reach the proxy through its response future; the no-op handler only keeps Vert.x from
     * logging them a second time as unhandled.
     */
    private static Future<HttpClientRequest> connected(AsyncResult<HttpClientRequest> connection) {
        if (connection.failed()) {
            return Future.failedFuture(new UpstreamConnectException(connection.cause()));
        }
        HttpClientRequest request = connection.result();
        request.exceptionHandler(UpstreamProxies::ignore);
        return connection instanceof Future<HttpClientRequest> future ? future : Future.succeededFuture(request);
    }

    private static void ignore(Throwable failure) {
    }

    public boolean has(String service) {
        return proxies.containsKey(service);
    }

    public HttpProxy proxy(String service) {
        HttpProxy proxy = proxies.get(service);
        if (proxy == null) {
            throw new IllegalArgumentException("no upstream configured for service '" + service
                    + "' (set bindery.gateway.upstreams." + service + ")");
        }
        return proxy;
    }

    public BodyLimit bodyLimit() {
        return bodyLimit;
    }

    void stop(@Observes ShutdownEvent event) {
        clients.values().forEach(HttpClient::close);
    }
}
