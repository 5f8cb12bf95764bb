package io.bindery.gateway.proxy;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * {@code bindery_gateway_requests_seconds{service,status}}: every proxied request by the service it was routed to
 * and the status the client got (a 503/504/502 of the gateway's own included), with its latency. Routes, not paths:
 * a few series per service.
 */
public final class UpstreamMetrics {
    private final MeterRegistry registry;
    private final ConcurrentMap<String, Timer> timers = new ConcurrentHashMap<>();

    public UpstreamMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    void record(String service, int status, Long startedNanos) {
        String key = service + ' ' + status;
        Timer timer = timers.computeIfAbsent(key, k -> Timer.builder("bindery.gateway.requests")
                .description("Requests proxied by the gateway, by the service routed to and the status answered")
                .tag("service", service).tag("status", Integer.toString(status))
                .register(registry));
        timer.record(Duration.ofNanos(startedNanos == null ? 0 : System.nanoTime() - startedNanos));
    }
}
