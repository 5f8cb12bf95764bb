package io.bindery.content;

import com.sun.net.httpserver.HttpServer;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.outbound.OutboundGuard;
import io.bindery.commons.outbound.OutboundRefused;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;

import static io.bindery.content.TestApi.as;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server fetches only what it should. Only 127.0.0.2 is allowed here: a file server listens there, while
 * 127.0.0.1 (where this very service and its metrics are) stands for every internal address. Private and
 * link-local targets are refused before any connection is tried, so no traffic leaves this machine.
 */
@QuarkusTest
@TestProfile(FileFetchGuardTest.OnlyTheFileServer.class)
@WithTestResource(TestIdentity.class)
class FileFetchGuardTest {
    public static class OnlyTheFileServer implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("bindery.outbound.allow", "127.0.0.2/32", "bindery.outbound.max-redirects", "3");
        }
    }

    static HttpServer files;
    static String base;
    static int servicePort;

    @Inject
    OutboundGuard guard;

    @BeforeAll
    static void fileServer() throws Exception {
        files = HttpServer.create(new InetSocketAddress("127.0.0.2", 0), 0);
        files.createContext("/logo.txt", ex -> reply(ex, 200, "hello from the file server", Map.of()));
        files.createContext("/to-private", ex -> reply(ex, 302, "", Map.of("Location", "http://10.1.2.3/secret")));
        files.createContext("/to-metadata", ex -> reply(ex, 302, "", Map.of("Location", "http://169.254.169.254/latest/meta-data/")));
        files.createContext("/to-self", ex -> reply(ex, 302, "", Map.of("Location", "http://localhost:" + servicePort + "/q/metrics")));
        files.createContext("/to-file", ex -> reply(ex, 301, "", Map.of("Location", "/logo.txt")));
        files.createContext("/loop", ex -> reply(ex, 302, "", Map.of("Location", "/loop")));
        files.createContext("/big", ex -> reply(ex, 200, "x".repeat(5000), Map.of()));
        files.createContext("/q/", ex -> reply(ex, 200, "{\"status\":\"UP\"}", Map.of()));
        files.start();
        base = "http://127.0.0.2:" + files.getAddress().getPort();
    }

    @AfterAll
    static void stop() {
        files.stop(0);
    }

    static void reply(com.sun.net.httpserver.HttpExchange ex, int status, String body, Map<String, String> headers) throws java.io.IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        headers.forEach((k, v) -> ex.getResponseHeaders().add(k, v));
        ex.getResponseHeaders().add("Content-Type", "text/plain; charset=utf-8");
        ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(bytes);
            }
        }
        ex.close();
    }

    String refused(String url) {
        return assertThrows(OutboundRefused.class, () -> guard.fetch(url, 1000)).getMessage();
    }

    @Test
    void everyKindOfInternalTargetIsRefusedAndTheAllowListWorks() {
        servicePort = io.restassured.RestAssured.port;
        OutboundGuard.Fetched ok = guard.fetch(base + "/logo.txt", 1000);
        assertEquals("hello from the file server", new String(ok.bytes(), StandardCharsets.UTF_8));
        assertEquals("text/plain", ok.contentType());
        assertArrayEquals(ok.bytes(), guard.fetch(base + "/to-file", 1000).bytes(), "a redirect inside the allow-list is followed");

        assertTrue(refused("http://127.0.0.1:" + servicePort + "/q/metrics").contains("loopback"));
        assertTrue(refused("http://[::1]:" + servicePort + "/q/metrics").contains("loopback"));
        assertTrue(refused("http://localhost:" + servicePort + "/q/health").contains("loopback"), "a DNS name that resolves to loopback");
        assertTrue(refused("http://10.0.0.1/").contains("private"));
        assertTrue(refused("http://192.168.0.10:8080/").contains("private"));
        assertTrue(refused("http://169.254.169.254/latest/meta-data/").contains("link-local"));
        assertTrue(refused("http://[fd00::1]/").contains("unique-local"));
        assertTrue(refused("http://0.0.0.0:" + servicePort + "/").contains("unspecified"));
        assertTrue(refused(base + "/to-private").contains("private"), "a redirect to a private address");
        assertTrue(refused(base + "/to-metadata").contains("link-local"));
        assertTrue(refused(base + "/to-self").contains("loopback"));
        assertTrue(refused(base + "/loop").contains("redirects"));
        assertTrue(refused(base + "/big").contains("over 1000 bytes"));
        assertTrue(refused("file:///etc/passwd").contains("only http and https"));
        assertTrue(refused("gopher://127.0.0.2/").contains("only http and https"));
        assertTrue(refused("http://user:pw@127.0.0.2/").contains("credentials"));
        // allowed addresses still never serve a management path (health, metrics, OpenAPI of a service)
        assertTrue(refused(base + "/q/health").contains("management"));
        assertTrue(refused(base + "/%71/metrics").contains("management"));
    }

    @Test
    void aRefusedUrlInInsertFilesIsA400AndNothingIsStored() {
        servicePort = io.restassured.RestAssured.port;
        String org = Ids.newId();
        String admin = Ids.newId();
        TestIdentity.addMembership(org, admin, "admin", null, Instant.now());
        String space = as(admin).body("{\"title\":\"Assets\"}").post("/v1/orgs/" + org + "/spaces").then().statusCode(201).extract().path("id");
        String branch = given().contentType("application/json").body("{}").post("/internal/spaces/" + space + "/branches")
                .then().statusCode(201).extract().path("id");
        String target = "http://127.0.0.1:" + servicePort + "/q/metrics";
        as(admin).body("{\"changes\":[{\"operation\":\"insert_files\",\"files\":[{\"name\":\"m.txt\",\"url\":\"" + target + "\"}]}]}")
                .post("/v1/spaces/" + space + "/change-requests/" + branch + "/content")
                .then().statusCode(400).body("error.message", containsString(target)).body("error.message", containsString("loopback"));
        as(admin).get("/v1/spaces/" + space + "/change-requests/" + branch + "/content/files").then().statusCode(200)
                .body("count", equalTo(0));
        as(admin).body("{\"changes\":[{\"operation\":\"insert_files\",\"files\":[{\"name\":\"logo.txt\",\"url\":\"" + base + "/logo.txt\"}]}]}")
                .post("/v1/spaces/" + space + "/change-requests/" + branch + "/content").then().statusCode(200);
        as(admin).get("/v1/spaces/" + space + "/change-requests/" + branch + "/content/files").then().statusCode(200)
                .body("count", equalTo(1));
    }
}
