package io.bindery.sites.observability;

import io.bindery.commons.testing.TestIdentity;
import io.bindery.commons.tracing.HttpInstrumentationSwitch;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Log lines of a request carry the gateway's request id and the trace id (the JSON log format prints the MDC),
 * on the worker thread that serves the request too.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class LogContextTest {
    @Test
    void aRequestsLogLinesCarryItsRequestIdAndTraceId() {
        String traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
        given().header("X-Request-Id", "req-123").header("traceparent", "00-" + traceId + "-00f067aa0ba902b7-00")
                .get("/test-only/log-context").then().statusCode(200).body(equalTo("req-123 " + traceId));
        // a request id that could forge a log line is left out; a trace is still started
        given().header("X-Request-Id", "bad\tid").get("/test-only/log-context").then().statusCode(200)
                .body(matchesPattern("null [0-9a-f]{32}"));
    }

    @Test
    void withNothingSampledQuarkusHttpInstrumentationIsOffAndOursCarriesTheTrace() {
        // by default (bindery.tracing.sampler-ratio 0) the trace id above came from UnsampledTraceContext, not Quarkus
        assertFalse(ConfigProvider.getConfig().getValue(HttpInstrumentationSwitch.VERTX_HTTP, Boolean.class));
    }
}
