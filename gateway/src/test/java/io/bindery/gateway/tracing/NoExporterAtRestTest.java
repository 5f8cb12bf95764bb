package io.bindery.gateway.tracing;

import io.bindery.commons.testing.TestIdentity;
import io.bindery.gateway.testing.UpstreamServers;
import io.quarkus.arc.Arc;
import io.quarkus.opentelemetry.runtime.exporter.otlp.tracing.LateBoundSpanProcessor;
import io.quarkus.opentelemetry.runtime.exporter.otlp.tracing.RemoveableLateBoundSpanProcessor;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * With no OTLP endpoint configured (commons' default: an endpoint that trims to nothing), Quarkus builds no exporter,
 * so no exporter's HTTP client wakes an idle service every second (issue 29); the trace context still flows.
 * TraceExportTest shows that a configured endpoint still gets the spans.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(UpstreamServers.class)
class NoExporterAtRestTest {

    @Test
    void noEndpointNoExporter() {
        LateBoundSpanProcessor processor = Arc.container().select(LateBoundSpanProcessor.class).get();
        assertSame(RemoveableLateBoundSpanProcessor.INSTANCE, processor,
                "Quarkus' placeholder for no OTLP exporter, not one built for http://localhost:4317");
    }

    @Test
    void theTraceContextStillFlows() {
        String traceparent = given().header("Authorization", "Bearer " + TestIdentity.token("user-untraced"))
                .header("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00")
                .get("/v1/user").then().statusCode(200).extract().jsonPath().getString("headers.traceparent");
        assertEquals("0af7651916cd43dd8448eb211c80319c", traceparent.split("-")[1], "the caller's trace goes on: " + traceparent);
    }
}
