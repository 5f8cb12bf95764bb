package io.bindery.identity;

import com.fasterxml.jackson.databind.JsonNode;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.bindery.identity.TestApi.call;
import static io.bindery.identity.TestApi.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** GET /internal/token-revocations with wait (issue 29): an empty answer waits, a revocation ends the wait at once. */
@QuarkusTest
class RevocationLongPollTest {
    @Inject
    AgroalDataSource db;

    private static long latestSeq() {
        JsonNode items = call("GET", "/internal/token-revocations?after=0", null, null).json().path("items");
        long max = 0;
        for (JsonNode i : items) {
            max = Math.max(max, i.path("seq").asLong());
        }
        return max;
    }

    @Test
    void anEmptyAnswerWaitsThenComesEmpty() {
        long seq = latestSeq();
        long t0 = System.nanoTime();
        JsonNode answer = call("GET", "/internal/token-revocations?after=" + seq + "&wait=1500", null, null).json();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(0, answer.path("items").size());
        assertTrue(ms >= 1400, "answered after " + ms + " ms");
    }

    @Test
    void aRevocationEndsTheWait() throws Exception {
        TestApi.User owner = user();
        String token = call("POST", "/v1/user/tokens", owner.token(), "{}").json().path("id").asText();
        long seq = latestSeq();
        long t0 = System.nanoTime();
        CompletableFuture<JsonNode> poll = CompletableFuture.supplyAsync(
                () -> call("GET", "/internal/token-revocations?after=" + seq + "&wait=20000", null, null).json());
        Thread.sleep(500);
        assertEquals(204, call("DELETE", "/v1/user/tokens/" + token, owner.token(), null).status());
        JsonNode answer = poll.get(10, TimeUnit.SECONDS);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(token, answer.path("items").path(0).path("tokenId").asText(), answer.toString());
        assertTrue(ms < 10_000, "answered after " + ms + " ms");
    }

    /**
     * Another replica revokes: it writes the row and NOTIFYs in its transaction (done here on connections of our own,
     * as that replica would). While identity listens it queries nothing on a timer (issue 29: idle CPU), so the row
     * alone does not end the wait; the notice does, at once.
     */
    @Test
    void anotherReplicasRevocationEndsTheWaitByItsNotice() throws Exception {
        TestApi.User owner = user();
        String token = call("POST", "/v1/user/tokens", owner.token(), "{}").json().path("id").asText();
        long seq = latestSeq();
        CompletableFuture<JsonNode> poll = CompletableFuture.supplyAsync(
                () -> call("GET", "/internal/token-revocations?after=" + seq + "&wait=30000", null, null).json());
        Thread.sleep(500);
        try (Connection c = db.getConnection(); PreparedStatement revoke = c.prepareStatement(
                "UPDATE api_token SET revoked_at = now(), revocation_seq = nextval('token_revocation_seq') WHERE id = ?")) {
            revoke.setString(1, token);
            assertEquals(1, revoke.executeUpdate());
        }
        Thread.sleep(3000); // a poller that queried the table every 2 s would have answered by now
        assertFalse(poll.isDone(), "answered without a notice: the table is polled");
        long t0 = System.nanoTime();
        try (Connection c = db.getConnection(); Statement st = c.createStatement()) {
            st.execute("SELECT pg_notify('bindery_token_revocations', '')");
        }
        JsonNode answer = poll.get(10, TimeUnit.SECONDS);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(token, answer.path("items").path(0).path("tokenId").asText(), answer.toString());
        assertTrue(ms < 5_000, "answered " + ms + " ms after the notice");
    }
}
