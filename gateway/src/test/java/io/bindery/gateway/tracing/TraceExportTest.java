package io.bindery.gateway.tracing;

import com.sun.net.httpserver.HttpServer;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.gateway.testing.UpstreamServers;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With {@code bindery.tracing.sampler-ratio=1} set at run time, the gateway records its spans and exports them to the
 * configured OTLP endpoint: here a local HTTP server standing in for a collector, which keeps what it is sent.
 */
@QuarkusTest
@TestProfile(TraceExportTest.Recording.class)
@WithTestResource(TestIdentity.class)
@WithTestResource(UpstreamServers.class)
class TraceExportTest {
    static final List<byte[]> EXPORTED = new CopyOnWriteArrayList<>();
    static final HttpServer COLLECTOR = collector();

    public static class Recording implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("bindery.tracing.sampler-ratio", "1",
                    "quarkus.otel.exporter.otlp.traces.endpoint", "http://127.0.0.1:" + COLLECTOR.getAddress().getPort(),
                    "quarkus.otel.exporter.otlp.traces.protocol", "http/protobuf",
                    "quarkus.otel.bsp.schedule.delay", "100ms");
        }
    }

    @Test
    void aRequestsSpansReachTheCollectorInItsTrace() throws Exception {
        String traceparent = given().header("Authorization", "Bearer " + TestIdentity.token("user-traced"))
                .get("/v1/user").then().statusCode(200).extract().jsonPath().getString("headers.traceparent");
        String[] parts = traceparent.split("-");
        assertEquals("01", parts[3], "recorded, and the service is told so: " + traceparent);
        assertTrue(org.eclipse.microprofile.config.ConfigProvider.getConfig().getValue(
                io.bindery.commons.tracing.HttpInstrumentationSwitch.VERTX_HTTP, Boolean.class),
                "with traces recorded, Quarkus' own HTTP server and client spans are");
        byte[] traceId = HexFormat.of().parseHex(parts[1]);
        long deadline = System.currentTimeMillis() + 15_000;
        while (EXPORTED.stream().noneMatch(body -> contains(body, traceId)) && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        assertTrue(EXPORTED.stream().anyMatch(body -> contains(body, traceId)),
                "an OTLP export carries the request's trace id (" + EXPORTED.size() + " exports seen)");
    }

    private static boolean contains(byte[] body, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= body.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (body[i + j] != part[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    private static HttpServer collector() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
            server.createContext("/v1/traces", exchange -> {
                try (InputStream in = exchange.getRequestBody()) {
                    ByteArrayOutputStream body = new ByteArrayOutputStream();
                    in.transferTo(body);
                    EXPORTED.add(body.toByteArray());
                }
                exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, -1);
                exchange.close();
            });
            server.start();
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
