package io.bindery.gateway.docs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.client.InternalClients;
import io.bindery.gateway.config.GatewayConfig;
import io.bindery.gateway.web.GatewayHeaders;
import io.bindery.gateway.routing.RouteTable;
import io.quarkus.runtime.ShutdownEvent;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /v1/openapi.json}, no token needed: the API as one OpenAPI 3.1 document, merged from each routed
 * service's {@code /q/openapi} by {@link ApiDocumentMerger}. Kept for {@link #TTL_MS}; a service that does not
 * answer is listed in {@code x-bindery-unavailable} and the document is not kept, so it is asked again next time.
 * Swagger UI ({@code quarkus-swagger-ui}) shows it at {@code /v1/docs}.
 */
@Singleton
public class ApiDocuments {
    public static final String PATH = "/v1/openapi.json";
    public static final String UI_PATH = "/v1/docs";
    static final long TTL_MS = 30_000;
    private static final Logger LOG = Logger.getLogger(ApiDocuments.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final RouteTable routes;
    private final Map<String, String> upstreams;
    private final HttpClient client;
    private final String version;
    private final long timeoutMs;
    private volatile Buffer document;
    private volatile long madeAt;

    @Inject
    public ApiDocuments(GatewayConfig config, Vertx vertx,
                        @ConfigProperty(name = "quarkus.application.version", defaultValue = "0.1.0") String version) {
        this.routes = RouteTable.compile(config.routes());
        this.upstreams = config.upstreams();
        this.version = version;
        this.timeoutMs = config.upstreamTimeout().toMillis();
        // its pool looks for expired connections every 10 s, not every second (an idle gateway's wake-ups, issue 29)
        this.client = vertx.createHttpClient(new HttpClientOptions().setName("bindery-api-documents")
                .setConnectTimeout((int) config.connectTimeout().toMillis())
                .setPoolCleanerPeriod(InternalClients.POOL_CLEANER_PERIOD_MS));
    }

    void init(@Observes Router router) {
        router.get(PATH).handler(this::serve);
    }

    void stop(@Observes ShutdownEvent event) {
        client.close();
    }

    private void serve(RoutingContext ctx) {
        Buffer kept = document;
        if (kept != null && System.currentTimeMillis() - madeAt < TTL_MS) {
            send(ctx, kept);
            return;
        }
        List<String> services = routes.services();
        List<Future<JsonNode>> fetches = new ArrayList<>();
        for (String service : services) {
            fetches.add(fetch(service).otherwise(failure -> {
                LOG.debugf("no OpenAPI document from %s: %s", service, failure);
                return null;
            }));
        }
        Future.join(fetches).onComplete(done -> {
            Map<String, JsonNode> documents = new HashMap<>();
            for (int i = 0; i < services.size(); i++) {
                JsonNode doc = fetches.get(i).result();
                if (doc != null) {
                    documents.put(services.get(i), doc);
                }
            }
            try {
                Buffer merged = Buffer.buffer(JSON.writeValueAsBytes(ApiDocumentMerger.merge(documents, routes, version)));
                if (documents.size() == services.size()) {
                    document = merged;
                    madeAt = System.currentTimeMillis();
                }
                send(ctx, merged);
            } catch (Exception e) {
                ctx.fail(e);
            }
        });
    }

    private Future<JsonNode> fetch(String service) {
        URI base = URI.create(upstreams.get(service).trim());
        int port = base.getPort() > 0 ? base.getPort() : ("https".equalsIgnoreCase(base.getScheme()) ? 443 : 80);
        RequestOptions request = new RequestOptions().setMethod(HttpMethod.GET).setHost(base.getHost()).setPort(port)
                .setSsl("https".equalsIgnoreCase(base.getScheme())).setURI("/q/openapi?format=json")
                .setIdleTimeout(timeoutMs)
                // a request without headers trips OpenTelemetry's Vert.x client tracer (a null MultiMap)
                .putHeader("Accept", "application/json");
        return client.request(request).compose(r -> r.send()).compose(response -> {
            if (response.statusCode() != 200) {
                return Future.failedFuture("status " + response.statusCode());
            }
            return response.body();
        }).map(body -> {
            try {
                return JSON.readTree(body.getBytes());
            } catch (java.io.IOException e) {
                throw new IllegalStateException("unreadable OpenAPI document from " + service, e);
            }
        });
    }

    private static void send(RoutingContext ctx, Buffer body) {
        ctx.response().putHeader(GatewayHeaders.CONTENT_TYPE, GatewayHeaders.APPLICATION_JSON)
                .putHeader("Cache-Control", "public, max-age=30").end(body);
    }
}
