package io.bindery.gateway.http;

import io.bindery.commons.testing.TestIdentity;
import io.bindery.gateway.testing.UpstreamServers;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

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
