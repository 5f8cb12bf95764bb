package io.bindery.commons.outbound;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The one way the server fetches a URL a user gave (file imports, OpenAPI sources and their $refs, integration
 * deliveries, {@link #post}): http and https only, connect and read timeouts, a size limit, at most {@code max-redirects}
 * redirects, each one checked again. The host is resolved here and every address it resolves to must pass
 * {@link OutboundPolicy}; the connection then goes to the checked address (the Host header and TLS name stay the
 * URL's), so a DNS answer that changes between check and connect (rebinding) cannot reach an internal address.
 * Where internal addresses are allowed (the local stacks' loopback), the platform's own listeners still are not
 * (see {@link OutboundPolicy#refusal(InetAddress, int, String)} and {@link #ownPorts}).
 * Blocking: call it from a worker thread, never from the event loop.
 */
@ApplicationScoped
public class OutboundGuard {
    private static final Logger LOG = Logger.getLogger(OutboundGuard.class);

    @Inject
    Vertx vertx;
    Optional<List<String>> allow;
    Optional<List<Integer>> denyPorts;
    Duration connectTimeout;
    Duration readTimeout;
    int maxRedirects;

    /** From the one typed configuration of commons (a bad value stops the start-up, naming the key). */
    @Inject
    void configure(io.bindery.commons.config.BinderyServiceConfig config) {
        allow = config.outbound().allow();
        denyPorts = config.outbound().denyPorts();
        connectTimeout = config.outbound().connectTimeout();
        readTimeout = config.outbound().readTimeout();
        maxRedirects = config.outbound().maxRedirects();
    }

    private volatile OutboundPolicy policy;
    private volatile HttpClient client;

    /** A fetched body: the bytes, the media type (without parameters; null when unsaid) and the URL it came from. */
    public record Fetched(byte[] bytes, String contentType, String url) {
    }

    /** GETs the URL, following redirects; throws {@link OutboundRefused} naming the URL and the reason. */
    public Fetched fetch(String url, long maxBytes) {
        URI uri = parse(url, url);
        for (int redirects = 0; ; redirects++) {
            InetAddress address = checkedAddress(uri, url);
            Response r = get(uri, address, maxBytes, url);
            if (r.status() >= 300 && r.status() < 400 && r.location() != null) {
                if (redirects >= maxRedirects) {
                    throw new OutboundRefused(url + " is refused: more than " + maxRedirects + " redirects");
                }
                uri = parse(uri.resolve(r.location()).toString(), url);
                continue;
            }
            if (r.status() / 100 != 2) {
                throw new OutboundRefused("fetching " + url + " answered HTTP " + r.status());
            }
            return new Fetched(r.body().getBytes(), r.contentType(), uri.toString());
        }
    }

    /** The answer to a {@link #post}: its status, how long it took, and at most the first bytes of its body. */
    public record Posted(int status, long millis, String bodyStart) {
    }

    /**
     * POSTs {@code body} to the URL (a webhook delivery), with the same checks as {@link #fetch}; a redirect is not
     * followed (it is the answer). Throws {@link OutboundRefused} when the URL is refused or no answer came.
     */
    public Posted post(String url, java.util.Map<String, String> headers, byte[] body, int keepBodyBytes) {
        URI uri = parse(url, url);
        InetAddress address = checkedAddress(uri, url);
        long started = System.nanoTime();
        boolean tls = uri.getScheme().equalsIgnoreCase("https");
        int port = uri.getPort() > 0 ? uri.getPort() : tls ? 443 : 80;
        String path = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.POST).setHost(uri.getHost()).setPort(port)
                .setSsl(tls).setURI(path).setFollowRedirects(false)
                .setServer(SocketAddress.inetSocketAddress(port, address.getHostAddress()))
                .setConnectTimeout(connectTimeout.toMillis()).setIdleTimeout(readTimeout.toMillis());
        headers.forEach(options::putHeader);
        CompletableFuture<Posted> result = new CompletableFuture<>();
        client().request(options).onFailure(result::completeExceptionally).onSuccess(request ->
                request.send(Buffer.buffer(body)).onFailure(result::completeExceptionally).onSuccess(response -> {
                    Buffer kept = Buffer.buffer();
                    response.handler(chunk -> {
                        if (kept.length() < keepBodyBytes) {
                            kept.appendBuffer(chunk.length() > keepBodyBytes - kept.length()
                                    ? chunk.getBuffer(0, keepBodyBytes - kept.length()) : chunk);
                        }
                    });
                    response.exceptionHandler(result::completeExceptionally);
                    response.endHandler(v -> result.complete(new Posted(response.statusCode(),
                            (System.nanoTime() - started) / 1_000_000, kept.toString())));
                }));
        try {
            return result.get(connectTimeout.plus(readTimeout).toMillis() * 2, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new OutboundRefused("could not post to " + url + " (" + cause.getClass().getSimpleName()
                    + (cause.getMessage() == null ? "" : ": " + cause.getMessage()) + ")");
        } catch (TimeoutException e) {
            throw new OutboundRefused("could not post to " + url + ": no answer within " + connectTimeout.plus(readTimeout));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OutboundRefused("interrupted while posting to " + url);
        }
    }

    /**
     * The policy in force: bindery.outbound.allow, and the platform's own ports (made at the first fetch, after the
     * start-up, so that a test's random HTTP port is known).
     */
    public OutboundPolicy policy() {
        OutboundPolicy p = policy;
        if (p == null) {
            p = new OutboundPolicy(allow.orElse(List.of()), ownPorts(denyPorts.orElse(List.of()),
                    org.eclipse.microprofile.config.ConfigProvider.getConfig()));
            policy = p;
        }
        return p;
    }

    /**
     * The ports of the platform's own listeners this service knows: {@code bindery.outbound.deny-ports}, its own
     * HTTP port(s), and the port of every URL among its {@code bindery.*} settings whose name says url or upstream
     * (bindery.identity-url, bindery.content-url, bindery.public-url, bindery.gateway.upstreams.*, …).
     */
    static java.util.Set<Integer> ownPorts(List<Integer> denied, org.eclipse.microprofile.config.Config config) {
        java.util.Set<Integer> ports = new java.util.TreeSet<>(denied);
        for (String key : List.of("quarkus.http.port", "quarkus.http.test-port", "quarkus.http.ssl-port",
                "quarkus.management.port")) {
            config.getOptionalValue(key, String.class).filter(v -> v.matches("\\d{1,5}")).map(Integer::parseInt)
                    .filter(port -> port > 0).ifPresent(ports::add);
        }
        for (String key : config.getPropertyNames()) {
            String k = key.toLowerCase(Locale.ROOT);
            if (!(k.startsWith("bindery.") || k.startsWith("bindery_")) || !(k.contains("url") || k.contains("upstream"))) {
                continue;
            }
            Optional<String> value;
            try {
                value = config.getOptionalValue(key, String.class);
            } catch (RuntimeException e) {
                continue; // a value that does not expand (a missing ${…}): not a URL to learn from
            }
            value.ifPresent(v -> {
                for (String one : v.split(",")) {
                    try {
                        URI uri = new URI(one.trim());
                        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
                        if (uri.getHost() != null && (scheme.equals("http") || scheme.equals("https"))) {
                            ports.add(uri.getPort() > 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80);
                        }
                    } catch (URISyntaxException e) {
                        // not a URL
                    }
                }
            });
        }
        return ports;
    }

    private static URI parse(String text, String asked) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new OutboundRefused(asked + " is not a valid URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new OutboundRefused(asked + " is refused: only http and https URLs can be fetched"
                    + (text.equals(asked) ? "" : " (it redirected to " + text + ")"));
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new OutboundRefused(asked + " is not a valid URL: it has no host");
        }
        if (uri.getRawUserInfo() != null) {
            throw new OutboundRefused(asked + " is refused: URLs with credentials are not fetched");
        }
        return uri;
    }

    /** Resolves the host; every address must pass the policy. Returns the one to connect to. */
    private InetAddress checkedAddress(URI uri, String asked) {
        String host = uri.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            throw new OutboundRefused("could not fetch " + asked + ": unknown host " + host);
        }
        int port = uri.getPort() > 0 ? uri.getPort() : uri.getScheme().equalsIgnoreCase("https") ? 443 : 80;
        for (InetAddress a : addresses) {
            Optional<String> why = policy().refusal(a, port, uri.getRawPath());
            if (why.isPresent()) {
                String via = uri.toString().equals(asked) ? "" : " (reached by a redirect to " + uri + ")";
                throw new OutboundRefused(asked + " is refused: " + host + " resolves to " + why.get() + via);
            }
        }
        return addresses[0];
    }

    private record Response(int status, String location, String contentType, Buffer body) {
    }

    private Response get(URI uri, InetAddress address, long maxBytes, String asked) {
        boolean tls = uri.getScheme().equalsIgnoreCase("https");
        int port = uri.getPort() > 0 ? uri.getPort() : tls ? 443 : 80;
        String path = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.GET).setHost(uri.getHost()).setPort(port)
                .setSsl(tls).setURI(path).setFollowRedirects(false)
                .setServer(SocketAddress.inetSocketAddress(port, address.getHostAddress()))
                .setConnectTimeout(connectTimeout.toMillis()).setIdleTimeout(readTimeout.toMillis())
                // a request with no headers at all trips OpenTelemetry's Vert.x client tracer (null MultiMap)
                .putHeader("User-Agent", "Bindery");
        CompletableFuture<Response> result = new CompletableFuture<>();
        client().request(options).onFailure(result::completeExceptionally).onSuccess(request ->
                request.send().onFailure(result::completeExceptionally).onSuccess(response -> read(response, maxBytes, asked, result)));
        try {
            return result.get(connectTimeout.plus(readTimeout).toMillis() * 2, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof OutboundRefused refused) {
                throw refused;
            }
            throw new OutboundRefused("could not fetch " + asked + " (" + cause.getClass().getSimpleName()
                    + (cause.getMessage() == null ? "" : ": " + cause.getMessage()) + ")");
        } catch (TimeoutException e) {
            throw new OutboundRefused("could not fetch " + asked + ": no answer within " + connectTimeout.plus(readTimeout));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OutboundRefused("interrupted while fetching " + asked);
        }
    }

    private static void read(HttpClientResponse response, long maxBytes, String asked, CompletableFuture<Response> result) {
        String type = response.getHeader("Content-Type");
        String contentType = type == null ? null : type.split(";")[0].trim();
        if (response.statusCode() / 100 != 2) {
            // nothing of a redirect or an error body is kept
            result.complete(new Response(response.statusCode(), response.getHeader("Location"), contentType, Buffer.buffer()));
            response.request().reset();
            return;
        }
        String length = response.getHeader("Content-Length");
        if (length != null && length.matches("\\d{1,18}") && Long.parseLong(length) > maxBytes) {
            result.completeExceptionally(new OutboundRefused("the file at " + asked + " is over " + maxBytes + " bytes"));
            response.request().reset();
            return;
        }
        Buffer body = Buffer.buffer();
        response.handler(chunk -> {
            if (result.isDone()) {
                return;
            }
            if (body.length() + chunk.length() > maxBytes) {
                result.completeExceptionally(new OutboundRefused("the file at " + asked + " is over " + maxBytes + " bytes"));
                response.request().reset();
                return;
            }
            body.appendBuffer(chunk);
        });
        response.exceptionHandler(result::completeExceptionally);
        response.endHandler(v -> result.complete(new Response(response.statusCode(), null, contentType, body)));
    }

    private HttpClient client() {
        HttpClient c = client;
        if (c == null) {
            synchronized (this) {
                c = client;
                if (c == null) {
                    c = vertx.createHttpClient(new HttpClientOptions().setConnectTimeout((int) connectTimeout.toMillis())
                            .setIdleTimeout((int) readTimeout.toSeconds()).setKeepAlive(false).setMaxRedirects(0)
                            .setTrustAll(false).setVerifyHost(true));
                    client = c;
                    LOG.infof("outbound fetches allow internal addresses in %s, but not the platform's own ports %s nor /q/ paths",
                            allow.orElse(List.of()), policy().ownPorts());
                }
            }
        }
        return c;
    }

    @PreDestroy
    void close() {
        if (client != null) {
            client.close();
        }
    }
}
