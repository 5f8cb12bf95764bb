package io.bindery.commons.outbound;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.vertx.core.Vertx;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where loopback is allowed (the local stacks), the platform's own listeners are still refused: a real HTTP server
 * standing for a service (its port among the own ports) and one standing for a user's file server, both on 127.0.0.1.
 */
class OwnListenersTest {
    static Vertx vertx;
    static HttpServer service;
    static HttpServer files;
    static int servicePort;
    static String filesBase;

    @BeforeAll
    static void start() throws IOException {
        vertx = Vertx.vertx();
        service = server();
        service.createContext("/", ex -> reply(ex, 200, "{\"status\":\"UP\"}", Map.of()));
        servicePort = service.getAddress().getPort();
        files = server();
        files.createContext("/logo.txt", ex -> reply(ex, 200, "a file", Map.of()));
        files.createContext("/q/", ex -> reply(ex, 200, "{\"status\":\"UP\"}", Map.of()));
        files.createContext("/to-service", ex -> reply(ex, 302, "", Map.of("Location", "http://127.0.0.1:" + servicePort + "/q/health")));
        files.createContext("/to-management", ex -> reply(ex, 302, "", Map.of("Location", "/q/metrics")));
        filesBase = "http://127.0.0.1:" + files.getAddress().getPort();
    }

    @AfterAll
    static void stop() {
        service.stop(0);
        files.stop(0);
        vertx.close();
    }

    static HttpServer server() throws IOException {
        HttpServer s = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        s.start();
        return s;
    }

    static void reply(HttpExchange ex, int status, String body, Map<String, String> headers) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        headers.forEach((k, v) -> ex.getResponseHeaders().add(k, v));
        ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(bytes);
            }
        }
        ex.close();
    }

    static OutboundGuard guard(List<Integer> denyPorts) {
        OutboundGuard g = new OutboundGuard();
        g.vertx = vertx;
        g.allow = Optional.of(List.of("127.0.0.0/8"));
        g.denyPorts = Optional.of(denyPorts);
        g.connectTimeout = Duration.ofSeconds(2);
        g.readTimeout = Duration.ofSeconds(2);
        g.maxRedirects = 3;
        return g;
    }

    static String refused(OutboundGuard g, String url) {
        return assertThrows(OutboundRefused.class, () -> g.fetch(url, 10_000), url).getMessage();
    }

    @Test
    void theServicesPortsAndManagementPathsAreRefusedOnAllowedLoopback() {
        OutboundGuard g = guard(List.of(servicePort));
        assertEquals("a file", new String(g.fetch(filesBase + "/logo.txt", 10_000).bytes(), StandardCharsets.UTF_8));
        // without the deny list the "service" is reachable: loopback is allowed here
        assertEquals("{\"status\":\"UP\"}", new String(guard(List.of()).fetch("http://127.0.0.1:" + servicePort + "/health", 10_000)
                .bytes(), StandardCharsets.UTF_8));

        for (String path : List.of("/q/health", "/", "/anything")) {
            String why = refused(g, "http://127.0.0.1:" + servicePort + path);
            assertTrue(why.contains("own listeners"), why);
        }
        assertTrue(refused(g, "http://localhost:" + servicePort + "/x").contains("own listeners"), "a name for loopback");
        for (String path : List.of("/q/health", "/q/metrics", "/q", "//q/health", "/./q/health", "/x/../q/health",
                "/%71/health", "/Q/health", "/%2571/health", "/q;a=b/health")) {
            String why = refused(g, filesBase + path);
            assertTrue(why.contains("management"), path + ": " + why);
        }
        assertTrue(refused(g, filesBase + "/to-service").contains("own listeners"), "a redirect to a service");
        assertTrue(refused(g, filesBase + "/to-management").contains("management"), "a redirect to /q/");
        // a path merely starting with q is not management
        assertTrue(refused(g, filesBase + "/quiet").contains("404"));
    }

    @Test
    void ownPortsComeFromTheDenyListTheHttpPortAndEveryConfiguredUrl() {
        var config = new SmallRyeConfigBuilder().withSources(new PropertiesConfigSource(Map.of(
                "quarkus.http.port", "8082",
                "bindery.identity-url", "http://127.0.0.1:8081/",
                "bindery.public-url", "http://127.0.0.1:8080",
                "bindery.content-url", "http://content.bindery.svc:9000",
                "bindery.gateway.upstreams.review", "http://127.0.0.1:8083",
                "bindery.cursor.secret", "not a url", "bindery.docs-url", "https://docs.example"), "test", 100)).build();
        assertEquals(Set.of(18000, 8080, 8081, 8082, 8083, 9000, 443), OutboundGuard.ownPorts(List.of(18000), config));
    }

    @Test
    void thePolicyJudgesPortsAndPathsOnlyOnInternalAddresses() throws Exception {
        OutboundPolicy p = new OutboundPolicy(List.of("127.0.0.0/8", "10.0.0.0/8"), List.of(8081));
        assertTrue(p.refusal(InetAddress.getByName("127.0.0.1"), 8081, "/").get().contains("own listeners"));
        assertTrue(p.refusal(InetAddress.getByName("10.1.2.3"), 8081, "/").get().contains("own listeners"));
        assertTrue(p.refusal(InetAddress.getByName("127.0.0.1"), 9999, "/q/health").get().contains("management"));
        assertTrue(p.refusal(InetAddress.getByName("127.0.0.1"), 9999, "/files/q/x").isEmpty());
        assertTrue(p.refusal(InetAddress.getByName("192.168.1.1"), 9999, "/").get().contains("private"), "not allowed at all");
        // a public server on the same port number is somebody else's
        assertTrue(p.refusal(InetAddress.getByName("93.184.216.34"), 8081, "/q/health").isEmpty());
    }
}
