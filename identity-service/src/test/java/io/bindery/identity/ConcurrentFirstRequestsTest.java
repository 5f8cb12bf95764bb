package io.bindery.identity;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Regression: identity verifies tokens against its own JWKS over HTTP. When the very first requests of a
 * fresh process arrived together, verifying them on the event loops blocked every loop on that fetch, which
 * then had no loop left to answer it: identity hung. A fresh application (own profile) must answer a burst
 * of concurrent first requests.
 */
@QuarkusTest
@TestProfile(ConcurrentFirstRequestsTest.Fresh.class)
class ConcurrentFirstRequestsTest {
    public static class Fresh implements QuarkusTestProfile {
        @Override
        public String getConfigProfile() {
            return "test"; // same settings; a profile of its own starts a fresh application
        }
    }

    @Test
    void aBurstOfFirstRequestsIsAnswered() throws Exception {
        String token = Files.readString(Path.of("target/test-admin-token")).trim();
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            calls.add(http.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:28981/v1/user"))
                    .header("Authorization", "Bearer " + token).timeout(Duration.ofSeconds(15)).build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        for (CompletableFuture<HttpResponse<String>> call : calls) {
            assertEquals(200, call.get(20, TimeUnit.SECONDS).statusCode());
        }
    }
}
