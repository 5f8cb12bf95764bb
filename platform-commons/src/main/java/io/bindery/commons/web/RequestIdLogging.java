package io.bindery.commons.web;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import org.jboss.logging.MDC;

/**
 * Puts the request id the gateway settled on ({@code X-Request-Id}) into the logging context as {@code requestId}, so
 * every log line of the request carries it next to OpenTelemetry's {@code traceId} (JSON logs show both). Quarkus
 * keeps the MDC in the request's Vert.x context, so it follows the request onto worker threads.
 */
@Singleton
public class RequestIdLogging {
    public static final String HEADER = "X-Request-Id";
    public static final String MDC_KEY = "requestId";

    void register(@Observes Router router) {
        router.route().order(-120).handler(this::remember);
    }

    void remember(RoutingContext ctx) {
        String id = ctx.request().getHeader(HEADER);
        if (isSane(id)) {
            MDC.put(MDC_KEY, id);
        }
        ctx.next();
    }

    /** Printable ASCII, at most 128 characters: nothing that could forge a log line. */
    public static boolean isSane(String id) {
        if (id == null || id.isEmpty() || id.length() > 128) {
            return false;
        }
        return id.chars().allMatch(c -> c > 32 && c < 127);
    }
}
