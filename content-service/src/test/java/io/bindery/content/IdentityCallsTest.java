package io.bindery.content;

import com.sun.net.httpserver.HttpServer;
import io.bindery.commons.auth.RevocationList;
import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.client.IdentityCalls;
import io.bindery.contracts.identity.IdentityRevocationsApi;
import io.bindery.contracts.identity.IdentityServiceTokensApi;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.projection.IdentityClient;
import io.bindery.commons.testing.HttpStandIn;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.contracts.testing.ContractFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The calls every service makes to identity through its contracts (commons' token classes, the projections'
 * {@link IdentityClient}), with REST Clients as the running service builds them, against stand-ins served over real
 * HTTP: identity's answers are read as the shared fixtures have them, identity out of reach or answering oddly is a
 * 503 {@link ApiException} (the error body), and ids are encoded into one path segment each.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class IdentityCallsTest {
    private final List<AutoCloseable> servers = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable s : servers) {
            s.close();
        }
    }

    static IdentityClient client(String identityUrl) {
        return new IdentityClient(identityUrl, tokens(identityUrl, ""));
    }

    static ServiceTokens tokens(String identityUrl, String secret) {
        return IdentityCalls.serviceTokens(IdentityServiceTokensApi.class, identityUrl, "content-service", secret);
    }

    /** A stand-in answering every request with {@code status} and {@code body} (none when null), noting the requests. */
    private String answering(int status, String body, List<String> requests) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.createContext("/", exchange -> {
            String sent = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getRawPath()
                    + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery())
                    + " " + exchange.getRequestHeaders().getFirst("Authorization") + " " + sent);
            if (body == null) {
                exchange.sendResponseHeaders(status, -1);
            } else {
                HttpStandIn.reply(exchange, status, body);
            }
            exchange.close();
        });
        server.start();
        servers.add(() -> server.stop(0));
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private String answering(int status) throws IOException {
        return answering(status, null, new CopyOnWriteArrayList<>());
    }

    /** A server that accepts each connection and closes it at once: the client reads EOF. */
    private String closing() throws IOException {
        ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        servers.add(socket);
        Thread.ofVirtual().start(() -> {
            while (!socket.isClosed()) {
                try (Socket s = socket.accept()) {
                    s.getInputStream().read(new byte[1024]);
                } catch (IOException e) {
                    return;
                }
            }
        });
        return "http://127.0.0.1:" + socket.getLocalPort();
    }

    private static String unused() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return "http://127.0.0.1:" + s.getLocalPort();
        }
    }

    @Test
    void aRevocationInTheFixtureIsRefused() throws Exception {
        List<String> requests = new CopyOnWriteArrayList<>();
        String identity = answering(200, ContractFixtures.tree("identity/token-revocations").toString(), requests);
        try (RevocationList list = IdentityCalls.revocations(IdentityRevocationsApi.class, identity, Duration.ofHours(1), Duration.ZERO,
                tokens(identity, ""))) {
            await().atMost(Duration.ofSeconds(10)).until(list::synced);
            assertTrue(list.isRevoked("tok_contract"), "tokenId and expiresAt are read");
            assertFalse(list.isRevoked("tok_other"));
        }
        assertEquals("GET /internal/token-revocations?after=0 null ", requests.get(0), "no wait asked before the first answer");
    }

    @Test
    void aServiceTokenIsMintedWithTheSecretAndARefusalNamesTheStatus() throws Exception {
        List<String> requests = new CopyOnWriteArrayList<>();
        String identity = answering(200, ContractFixtures.tree("identity/service-token").toString(), requests);
        assertEquals("Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln", tokens(identity, "s3cret").authorization("review-service"));
        assertEquals(List.of("POST /internal/service-tokens Bearer s3cret {\"service\":\"content-service\",\"audience\":\"review-service\"}"),
                requests);
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> tokens(answering(401), "s3cret").authorization("review-service"));
        assertEquals("identity refused a service token for review-service: HTTP 401", refused.getMessage());
        assertEquals(503, assertThrows(ApiException.class, () -> tokens(unused(), "s3cret").authorization("review-service")).status());
    }

    @Test
    void aClosedConnectionOrNoListenerIs503() throws Exception {
        for (String url : List.of(closing(), unused())) {
            ApiException e = assertThrows(ApiException.class, () -> client(url).membership("org", "user"));
            assertEquals(503, e.status(), url);
            assertTrue(e.getMessage().contains("identity"), e.getMessage());
        }
    }

    @Test
    void anIdIdentityCannotReadIsNoSuchThingAndItsOwnFailureIs503() throws Exception {
        assertTrue(client(answering(404)).membership("org", "user").isEmpty());
        assertTrue(client(answering(400)).membership("org", "a%00b").isEmpty());
        assertTrue(client(answering(414)).user("x".repeat(5000)).isEmpty());
        assertTrue(client(answering(404)).teamViews("org", "viewer", List.of("t")).isEmpty());
        ApiException failed = assertThrows(ApiException.class, () -> client(answering(500)).team("o", "t"));
        assertEquals(503, failed.status());
        assertEquals("identity is unavailable (it answered 500)", failed.getMessage());
        assertEquals(503, assertThrows(ApiException.class, () -> client(answering(401)).user("u")).status());
    }

    @Test
    void answersAreReadAsTheFixturesHaveThem() throws Exception {
        List<String> requests = new CopyOnWriteArrayList<>();
        String user = answering(200, ContractFixtures.tree("identity/user-response").toString(), requests);
        assertEquals(ContractFixtures.tree("identity/user-response").path("id").asText(), client(user).user("u").orElseThrow().id());
        String views = answering(200, "{\"items\":[{\"object\":\"team\",\"id\":\"t1\"}]}", requests);
        assertEquals("t1", client(views).teamViews("org", "viewer", List.of("t1")).get(0).path("id").asText());
        assertEquals("POST /internal/orgs/org/team-views null {\"viewer\":\"viewer\",\"teams\":[\"t1\"]}", requests.get(1));
    }

    @Test
    void oddCharactersAreEncodedIntoOnePathSegment() throws Exception {
        List<String> paths = new CopyOnWriteArrayList<>();
        IdentityClient c = client(answering(404, null, paths));
        assertTrue(c.membership("../x y", "é/%00").isEmpty());
        assertEquals(List.of("GET /internal/orgs/..%2Fx%20y/members/%C3%A9%2F%2500 null "), paths);
    }
}
