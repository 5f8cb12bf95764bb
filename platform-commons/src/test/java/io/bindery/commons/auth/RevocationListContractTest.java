package io.bindery.commons.auth;

import com.sun.net.httpserver.HttpServer;
import io.bindery.contracts.testing.ContractFixtures;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The consumer's side of {@code GET /internal/token-revocations}: the verifiers' poll reads identity's answer as
 * the shared fixture has it (identity's InternalContractsTest serves the same fields).
 */
class RevocationListContractTest {

    @Test
    void aRevocationInTheFixtureIsRefused() throws Exception {
        byte[] body = ContractFixtures.tree("identity/token-revocations").toString().getBytes(StandardCharsets.UTF_8);
        HttpServer identity = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        identity.createContext("/internal/token-revocations", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        identity.start();
        try (RevocationList list = new RevocationList("http://127.0.0.1:" + identity.getAddress().getPort(), Duration.ofHours(1))) {
            list.poll();
            assertTrue(list.synced());
            assertTrue(list.isRevoked("tok_contract"), "tokenId and expiresAt are read");
            assertFalse(list.isRevoked("tok_other"));
        } finally {
            identity.stop(0);
        }
    }
}
