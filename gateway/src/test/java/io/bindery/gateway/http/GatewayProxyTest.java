package io.bindery.gateway.http;

import io.bindery.gateway.web.SiteHosts;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.gateway.testing.UpstreamServers;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertFalse;

@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(UpstreamServers.class)
class GatewayProxyTest {
    static final String ID_PATTERN = "[A-Za-z0-9._-]{1,128}";

    static String bearer() {
        return "Bearer " + TestIdentity.token("user-proxy");
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource({
            "GET, /v1/user, identity",
            "GET, /v1/orgs/o1/members/u1, identity",
            "GET, /v1/orgs/o1/members/u1/spaces, content",
            "PATCH, /v1/spaces/s1, content",
            "POST, /v1/spaces/s1/change-requests/cr1/content, content",
            "POST, /v1/spaces/s1/change-requests/cr1/merge, review",
            "GET, /v1/spaces/s1/comments, review",
            "DELETE, /v1/integrations/my-int/installations/i1, integrations",
            "POST, /v1/spaces/s1/git/export, integrations",
            "GET, /v1/spaces/s1/git/info, integrations",
            "PUT, /v1/orgs/o1/agent-instructions, insights",
    })
    void routesToTheRightServiceWithPathAndQueryUnchanged(String method, String path, String service) {
        String query = "limit=5&page=a%2Fb&flag";
        var request = given().urlEncodingEnabled(false).header("Authorization", bearer());
        if (!method.equals("GET")) {
            request.contentType("application/json").body("{}");
        }
        request.when().request(method, path + "?" + query)
                .then().statusCode(200)
                .header("X-Upstream", service)
                .body("service", equalTo(service))
                .body("method", equalTo(method))
                .body("path", equalTo(path))
                .body("query", equalTo(query));
    }

    @Test
    void forwardsTheAuthorizationHeaderUnchanged() {
        String authorization = bearer();
        given().header("Authorization", authorization).get("/v1/user")
                .then().statusCode(200).body("headers.authorization", equalTo(authorization));
    }

    @Test
    void theTraceGoesOnUpstreamOnceFromASpanOfTheGateway() {
        String traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
        String clientSpan = "00f067aa0ba902b7";
        String traceparent = given().header("Authorization", bearer())
                .header("traceparent", "00-" + traceId + "-" + clientSpan + "-01").get("/v1/user")
                .then().statusCode(200).extract().jsonPath().getString("headers.traceparent");
        // one header (the echo joins repeated ones with a comma), in the client's trace, from the gateway's own span
        String[] parts = traceparent.split("-");
        assertEquals(4, parts.length, "exactly one traceparent upstream: " + traceparent);
        assertEquals(traceId, parts[1], "in the client's trace");
        assertFalse(clientSpan.equals(parts[2]), "its parent is a span of the gateway: " + traceparent);
        assertEquals("00", parts[3], "not recorded by default (bindery.tracing.sampler-ratio 0), whatever the client asks");
    }

    @Test
    void forwardsAndEchoesTheClientsRequestIdOnce() {
        Response response = given().header("Authorization", bearer()).header("X-Request-Id", "client-id-42.x_y")
                .get("/v1/orgs/o1/spaces");
        response.then().statusCode(200).body("headers.x-request-id", equalTo("client-id-42.x_y"));
        assertEquals(List.of("client-id-42.x_y"), response.headers().getValues("X-Request-Id"), "exactly one, the client's");
    }

    @Test
    void generatesARequestIdWhenMissingOrInsane() {
        Response missing = given().header("Authorization", bearer()).get("/v1/user");
        String generated = missing.header("X-Request-Id");
        assertTrue(generated != null && generated.matches(ID_PATTERN), generated);
        assertEquals(generated, missing.jsonPath().getString("headers.x-request-id"), "the upstream got the same id");

        Response insane = given().header("Authorization", bearer()).header("X-Request-Id", "x".repeat(129)).get("/v1/user");
        String replaced = insane.header("X-Request-Id");
        assertTrue(replaced.matches(ID_PATTERN) && replaced.length() < 129, replaced);
        assertEquals(replaced, insane.jsonPath().getString("headers.x-request-id"));

        given().header("Authorization", bearer()).header("X-Request-Id", "bad id;<script>").get("/v1/user")
                .then().header("X-Request-Id", matchesPattern(ID_PATTERN));
    }

    @Test
    void errorResponsesCarryTheRequestIdToo() {
        given().header("X-Request-Id", "err-1").get("/v1/user")
                .then().statusCode(401).header("X-Request-Id", "err-1");
        given().header("Authorization", bearer()).header("X-Request-Id", "err-2").get("/v1/nowhere")
                .then().statusCode(404).header("X-Request-Id", "err-2");
        given().get("/not-the-api").then().statusCode(404).header("X-Request-Id", matchesPattern(ID_PATTERN));
    }

    @Test
    void unknownRoutesAre404ErrorBodies() {
        given().header("Authorization", bearer()).get("/v1/orgs/o1/unknown-thing")
                .then().statusCode(404).contentType("application/json")
                .body("error.code", equalTo(404))
                .body("error.message", containsString("/v1/orgs/o1/unknown-thing"));
        given().header("Authorization", bearer()).get("/v1")
                .then().statusCode(404).body("error.code", equalTo(404));
        given().get("/somewhere/else")
                .then().statusCode(404).contentType("application/json").body("error.code", equalTo(404));
        given().get("/q/not-an-endpoint")
                .then().statusCode(404).contentType("application/json").body("error.code", equalTo(404));
    }

    @Test
    void dotSegmentsAreRefused() {
        given().header("Authorization", bearer()).urlEncodingEnabled(false).get("/v1/integrations/%2e%2e/user")
                .then().statusCode(400).contentType("application/json").body("error.code", equalTo(400));
    }

    @Test
    void jwksIsProxiedToIdentityWithoutAToken() {
        given().get("/.well-known/jwks.json")
                .then().statusCode(200).body("service", equalTo("identity")).body("path", equalTo("/.well-known/jwks.json"));
    }

    @Test
    void publishedSitesGoToTheSitesReaderWithoutAToken() {
        // sites is the refusing upstream here: a 503 naming it (not a 401) shows the route, tokenless
        given().get("/s/docs/guide/intro?visitor.plan=pro")
                .then().statusCode(503).body("error.message", containsString("sites"));
        given().get("/sites").then().statusCode(404);
        // every proxied request says how the client reached the gateway (the reader's Secure cookies need it)
        given().header("Authorization", bearer()).get("/v1/user")
                .then().statusCode(200).body("headers.x-forwarded-proto", equalTo("http"));
    }

    @Test
    void publishedSpecsGoToOpenapiWithoutAToken() {
        // openapi is the silent upstream here: a 504 naming it (not a 401) shows the route, tokenless
        given().get("/openapi/o1/my-spec/latest/").then().statusCode(504).body("error.message", containsString("openapi"));
        given().get("/openapi").then().statusCode(404);
    }

    @Test
    void gitPushWebhooksGoToIntegrationsWithoutATokenAndLimitedPerAddress() {
        given().header("X-GitHub-Event", "push").contentType("application/json").body("{\"ref\":\"refs/heads/main\"}")
                .post("/hooks/git/spaces/s1?x=1").then().statusCode(200)
                .header("X-Upstream", "integrations").body("path", equalTo("/hooks/git/spaces/s1"))
                .body("method", equalTo("POST")).body("query", equalTo("x=1"))
                .header("X-RateLimit-Limit", notNullValue());
        given().post("/hooks/gitx").then().statusCode(404);
    }

    @Test
    void aSitesOwnHostnameGoesToTheReaderAndTheApisNamesDoNot() {
        // sites is the refusing upstream here: a 503 naming it shows the request went to the reader, without a token
        given().header("Host", "docs.acme.example").get("/guide/intro")
                .then().statusCode(503).body("error.message", containsString("sites"));
        given().header("Host", "docs.acme.example:8443").get("/").then().statusCode(503);
        // the API's own names and addresses are not sites
        given().header("Host", "localhost").get("/guide/intro").then().statusCode(404);
        given().header("Host", "127.0.0.1:8080").get("/guide/intro").then().statusCode(404);
        given().header("Host", "bindery-gateway").get("/guide/intro").then().statusCode(404);
        // on a site's hostname the API and health stay where they are
        given().header("Host", "docs.acme.example").header("Authorization", bearer()).get("/v1/user")
                .then().statusCode(200).body("service", equalTo("identity"));
        given().header("Host", "docs.acme.example").get("/q/health/live").then().statusCode(200);
    }

    @Test
    void theMergedApiDocumentAndSwaggerUiNeedNoToken() {
        // the echo upstreams document nothing; the refusing (sites) and silent (openapi) ones are named unavailable
        given().get("/v1/openapi.json").then().statusCode(200).contentType("application/json")
                .body("openapi", equalTo("3.1.0")).body("components.securitySchemes.bearer.scheme", equalTo("bearer"))
                .body("x-bindery-unavailable", org.hamcrest.Matchers.hasItems("sites", "openapi"));
        given().get("/v1/docs/").then().statusCode(200).contentType(containsString("text/html"))
                .body(containsString("swagger"));
        given().get("/v1/docs-other").then().statusCode(401); // only the UI's own path is open
    }

    @Test
    void siteHostsTellHostnamesFromAddresses() {
        java.util.Set<String> api = java.util.Set.of("localhost", "api.acme.example");
        assertTrue(SiteHosts.isSiteHost("docs.acme.example", api));
        assertTrue(SiteHosts.isSiteHost("Docs.Acme.Example:443", api));
        assertFalse(SiteHosts.isSiteHost("api.acme.example", api));
        assertFalse(SiteHosts.isSiteHost("localhost:8080", api));
        assertFalse(SiteHosts.isSiteHost("10.0.0.1", api));
        assertFalse(SiteHosts.isSiteHost("[::1]:8080", api));
        assertFalse(SiteHosts.isSiteHost("gateway", api));
        assertFalse(SiteHosts.isSiteHost(null, api));
        assertEquals("docs.acme.example", SiteHosts.hostname("DOCS.acme.example:8080"));
    }

    @Test
    void refusedUpstreamIs503Fast() {
        long start = System.nanoTime();
        given().header("Authorization", bearer()).get("/v1/orgs/o1/sites")
                .then().statusCode(503).contentType("application/json")
                .header("X-Request-Id", notNullValue())
                .body("error.code", equalTo(503))
                .body("error.message", containsString("sites"));
        assertTrue(elapsedMs(start) < 1000, "took " + elapsedMs(start) + " ms");
    }

    @Test
    void silentUpstreamIs504WithinTheTimeoutAndOtherRoutesKeepWorking() throws Exception {
        String authorization = bearer();
        given().header("Authorization", authorization).get("/v1/user").then().statusCode(200); // token verified & cached
        long start = System.nanoTime();
        CompletableFuture<Response> slow = CompletableFuture.supplyAsync(() ->
                given().header("Authorization", authorization).get("/v1/orgs/o1/openapi/spec"));
        Thread.sleep(200);
        for (int i = 0; i < 5; i++) {
            long t = System.nanoTime();
            given().header("Authorization", authorization).get("/v1/user").then().statusCode(200);
            assertTrue(elapsedMs(t) < 500, "other routes are not held up");
        }
        Response response = slow.get(10, TimeUnit.SECONDS);
        long elapsed = elapsedMs(start);
        response.then().statusCode(504).contentType("application/json")
                .body("error.code", equalTo(504))
                .body("error.message", containsString("openapi"));
        assertTrue(elapsed >= 1500 && elapsed < 3000, "took " + elapsed + " ms");
    }

    @Test
    void bodiesUpToTheLimitAreForwarded() {
        byte[] body = new byte[1024 * 1024];
        given().header("Authorization", bearer()).contentType("application/octet-stream").body(body)
                .post("/v1/spaces/s1/content/files")
                .then().statusCode(200).body("bodyLength", equalTo(body.length));
    }

    @Test
    void declaredBodyOverTheLimitIs413() {
        byte[] body = new byte[11 * 1024 * 1024];
        given().header("Authorization", bearer()).contentType("application/octet-stream").body(body)
                .post("/v1/spaces/s1/content/files")
                .then().statusCode(413).contentType("application/json")
                .header("X-Request-Id", notNullValue())
                .body("error.code", equalTo(413));
    }

    @Test
    void declaredLengthIsRefusedBeforeTheBodyIsSent() throws Exception {
        String response = raw("POST /v1/spaces/s1/content/files HTTP/1.1\r\nHost: gw\r\nAuthorization: " + bearer()
                + "\r\nContent-Length: " + (11 * 1024 * 1024) + "\r\n\r\n");
        assertTrue(response.startsWith("HTTP/1.1 413"), response);
        assertTrue(response.contains("\"code\":413"), response);
    }

    @Test
    void unsupportedTransferEncodingIs400Body() throws Exception {
        String response = raw("POST /v1/user HTTP/1.1\r\nHost: gw\r\nAuthorization: " + bearer()
                + "\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n");
        assertTrue(response.startsWith("HTTP/1.1 400"), response);
    }

    /** Sends raw bytes and reads the first response (headers and a small body) without sending anything more. */
    private static String raw(String request) throws Exception {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", RestAssured.port)) {
            socket.setSoTimeout(5000);
            socket.getOutputStream().write(request.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            byte[] buffer = new byte[8192];
            StringBuilder out = new StringBuilder();
            java.io.InputStream in = socket.getInputStream();
            long deadline = System.currentTimeMillis() + 5000;
            while (System.currentTimeMillis() < deadline) {
                int n;
                try {
                    n = in.read(buffer);
                } catch (java.net.SocketTimeoutException e) {
                    break;
                }
                if (n < 0) {
                    break;
                }
                out.append(new String(buffer, 0, n, java.nio.charset.StandardCharsets.ISO_8859_1));
                if (out.indexOf("\r\n\r\n") > 0 && out.indexOf("}}") > 0) {
                    break;
                }
            }
            return out.toString();
        }
    }

    @Test
    void chunkedBodyOverTheLimitIs413() throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        byte[] body = new byte[11 * 1024 * 1024];
        HttpRequest request = HttpRequest.newBuilder(URI.create(RestAssured.baseURI + ":" + RestAssured.port + "/v1/spaces/s1/content/files"))
                .header("Authorization", bearer())
                .timeout(Duration.ofSeconds(20))
                // unknown length: sent chunked
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)))
                .build();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        assertEquals(413, response.statusCode(), response.body());
        assertTrue(response.body().contains("\"code\":413"), response.body());

        HttpRequest small = HttpRequest.newBuilder(request.uri()).header("Authorization", bearer())
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(new byte[300_000]))).build();
        HttpResponse<String> ok = client.send(small, HttpResponse.BodyHandlers.ofString());
        assertEquals(200, ok.statusCode(), ok.body());
        assertTrue(ok.body().contains("\"bodyLength\":300000"), ok.body());
    }

    @Test
    void corsPreflightIsAnsweredWithoutAToken() {
        given().header("Origin", "https://app.example")
                .header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "authorization, content-type, x-request-id")
                .options("/v1/spaces/s1")
                .then().statusCode(204)
                .header("Access-Control-Allow-Origin", "*")
                .header("Access-Control-Allow-Methods", containsString("POST"))
                .header("Access-Control-Allow-Headers", containsString("Authorization"))
                .header("Access-Control-Allow-Headers", containsString("Content-Type"))
                .header("Access-Control-Allow-Headers", containsString("X-Request-Id"))
                .header("Access-Control-Max-Age", notNullValue())
                .header("X-Request-Id", notNullValue());
    }

    @Test
    void corsHeadersOnResponsesIncludingErrors() {
        given().header("Origin", "https://app.example").header("Authorization", bearer()).get("/v1/user")
                .then().statusCode(200)
                .header("Access-Control-Allow-Origin", "*")
                .header("Access-Control-Expose-Headers", containsString("X-Request-Id"))
                .header("Access-Control-Expose-Headers", containsString("X-RateLimit-Remaining"))
                .header("Access-Control-Expose-Headers", containsString("Retry-After"));
        given().header("Origin", "https://app.example").get("/v1/user")
                .then().statusCode(401).header("Access-Control-Allow-Origin", "*");
    }

    @Test
    void proxiedResponsesCarryRateLimitHeaders() {
        given().header("Authorization", bearer()).get("/v1/user")
                .then().statusCode(200)
                .header("X-RateLimit-Limit", "1000000")
                .header("X-RateLimit-Remaining", "999999")
                .header("X-RateLimit-Reset", matchesPattern("\\d{10}"));
    }

    @Test
    void healthAndMetricsDoNotNeedUpstreams() {
        given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().get("/q/health").then().statusCode(200).body("status", equalTo("UP"));
        given().get("/q/metrics").then().statusCode(200).body(containsString("jvm_"));
    }

    @Test
    void readerPagesAreOneSeriesOfServerMetricsNotOnePerPath() {
        given().get("/s/docs/metrics-page-one.md");
        given().get("/s/docs/metrics-page-two");
        given().get("/q/metrics").then().statusCode(200).body(containsString("uri=\"/s/*\""))
                .body(not(containsString("metrics-page-one"))).body(not(containsString("metrics-page-two")));
    }

    private static long elapsedMs(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}
