package io.bindery.commons.testing;

import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/**
 * What every service whose issue has not come yet must do: start (database migrated, so readiness is UP),
 * and answer its API routes with 501 and the error body; unknown non-API paths are a 404 error body.
 * Each such service runs it with a three-line subclass.
 */
public abstract class NotImplementedServiceContract {
    @Test
    void isReady() {
        given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void apiRoutesAnswer501WithTheErrorBody() {
        given().header("Authorization", "Bearer " + TestIdentity.token("u1"))
                .when().get("/v1/orgs/abc/anything")
                .then().statusCode(501)
                .contentType("application/json")
                .body("error.code", equalTo(501))
                .body("error.message", containsString("is not implemented yet"));
        given().header("Authorization", "Bearer " + TestIdentity.token("u1"))
                .when().post("/v1/whatever").then().statusCode(501).body("error.code", equalTo(501));
    }

    @Test
    void apiRoutesStillRefuseMissingAndBadTokens() {
        given().when().get("/v1/orgs/abc/anything").then().statusCode(401).body("error.code", equalTo(401));
        given().header("Authorization", "Bearer " + TestIdentity.foreignToken("u1"))
                .when().get("/v1/orgs/abc/anything").then().statusCode(401).body("error.code", equalTo(401));
    }

    @Test
    void unknownPathsAre404WithTheErrorBody() {
        given().when().get("/nope").then().statusCode(404).body("error.code", equalTo(404));
    }

    @Test
    void metricsAndOpenApiAreServed() {
        given().when().get("/q/metrics").then().statusCode(200);
        given().when().get("/q/openapi").then().statusCode(200);
    }
}
