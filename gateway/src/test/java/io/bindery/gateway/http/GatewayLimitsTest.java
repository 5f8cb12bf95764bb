package io.bindery.gateway.http;

import io.bindery.commons.testing.TestIdentity;
import io.bindery.gateway.testing.UpstreamServers;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An over-long request target and over-large headers get their status with the standard error body. */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(UpstreamServers.class)
class GatewayLimitsTest {
    @Test
    void overLongRequestLineIs414WithTheErrorBody() {
        given().header("Authorization", "Bearer " + TestIdentity.token("u")).get("/v1/spaces/" + "a".repeat(9000))
                .then().statusCode(414).contentType("application/json")
                .body("error.code", equalTo(414)).body("error.message", containsString("8192"));
    }

    @Test
    void overLargeHeadersAre431WithTheErrorBody() {
        given().header("Authorization", "Bearer " + TestIdentity.token("u")).header("X-Padding", "p".repeat(20000))
                .get("/v1/user").then().statusCode(431).contentType("application/json")
                .body("error.code", equalTo(431)).body("error.message", containsString("16384"));
    }

    /**
     * The JDK's HttpClient at its default version (HTTP/2) asks a plain-HTTP server to upgrade (Upgrade: h2c) and
     * sends its next requests over the HTTP/2 connection: the limits answer with their status and the error body on
     * both (issue 28, FINDINGS.md F3), where HTTP/2's own 8 KiB header-list limit once sent a bare 431 or, a little
     * beyond it, closed the connection.
     */
    @Test
    void theLimitsAnswerJsonToJavasDefaultHttpClient() throws Exception {
        String base = RestAssured.baseURI + ":" + RestAssured.port;
        String bearer = "Bearer " + TestIdentity.token("u");
        String longTarget = base + "/v1/spaces/s1?q=" + "x".repeat(20_000);
        // each on a fresh client: the upgrade request itself
        assertJsonError(send(newClient(), longTarget, bearer, null), 414, "8192");
        assertJsonError(send(newClient(), base + "/v1/user", bearer, "p".repeat(20_000)), 431, "16384");

        // one client: the first request upgrades the connection, the others travel over HTTP/2
        HttpClient client = newClient();
        HttpResponse<String> first = send(client, base + "/v1/user", bearer, null);
        assertEquals(200, first.statusCode(), first.body());
        assertEquals(HttpClient.Version.HTTP_2, send(client, base + "/v1/user", bearer, null).version());
        // ~10 KB of headers: under the gateway's 16 KiB, so proxied as over HTTP/1.1
        HttpResponse<String> tenKb = send(client, base + "/v1/user", bearer, "p".repeat(10_000));
        assertEquals(200, tenKb.statusCode(), tenKb.body());
        assertJsonError(send(client, base + "/v1/spaces/" + "a".repeat(9000), bearer, null), 414, "8192");
        assertJsonError(send(client, longTarget, bearer, null), 414, "8192");
        assertJsonError(send(client, base + "/v1/user", bearer, "p".repeat(20_000)), 431, "16384");
        HttpResponse<String> after = send(client, base + "/v1/user", bearer, null);
        assertEquals(200, after.statusCode(), after.body());
        assertEquals(HttpClient.Version.HTTP_2, after.version());
    }

    private static HttpClient newClient() {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        assertEquals(HttpClient.Version.HTTP_2, client.version());
        return client;
    }

    private static HttpResponse<String> send(HttpClient client, String url, String bearer, String padding) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).header("Authorization", bearer)
                .timeout(Duration.ofSeconds(10));
        if (padding != null) {
            request.header("X-Padding", padding);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void assertJsonError(HttpResponse<String> response, int code, String messagePart) {
        assertEquals(code, response.statusCode(), response.version() + " " + response.body());
        assertEquals("application/json", response.headers().firstValue("Content-Type").orElse("").split(";")[0],
                response.headers().map().toString());
        assertTrue(response.body().contains("\"code\":" + code), response.body());
        assertTrue(response.body().contains(messagePart), response.body());
    }

    @Test
    void anUpstreamErrorWithAnEmptyBodyGetsTheErrorBody() {
        // a service's Vert.x answers an over-long request line or header block by itself, with no body
        for (int code : new int[]{414, 431, 400, 503}) {
            given().header("Authorization", "Bearer " + TestIdentity.token("u")).get("/v1/user?empty-status=" + code)
                    .then().statusCode(code).contentType("application/json").body("error.code", equalTo(code))
                    .body("error.message", not(emptyString()));
        }
    }

    @Test
    void nulInPathOrQueryIsRefusedAtTheEdge() {
        given().urlEncodingEnabled(false).header("Authorization", "Bearer " + TestIdentity.token("u"))
                .get("/v1/spaces/a%00b").then().statusCode(404).body("error.code", equalTo(404));
        given().urlEncodingEnabled(false).header("Authorization", "Bearer " + TestIdentity.token("u"))
                .get("/v1/user?x=%FF").then().statusCode(400).body("error.code", equalTo(400));
    }
}
