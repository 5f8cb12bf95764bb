package io.bindery.insights;

import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

/** The service starts migrated and ready; every route is built, so an unknown one is a 404 error body. */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class InsightsServiceTest {
    @Test
    void isReady() {
        given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void unknownRoutesAre404AndTokensAreStillChecked() {
        given().header("Authorization", "Bearer " + TestIdentity.token("u1")).get("/v1/orgs/abc/anything")
                .then().statusCode(404).body("error.code", equalTo(404));
        given().get("/v1/orgs/abc/conversations").then().statusCode(401).body("error.code", equalTo(401));
        given().header("Authorization", "Bearer " + TestIdentity.foreignToken("u1"))
                .get("/v1/orgs/abc/conversations").then().statusCode(401);
    }

    @Test
    void metricsOpenApiAndAsyncApiAreServed() {
        given().get("/q/metrics").then().statusCode(200);
        given().get("/q/openapi").then().statusCode(200);
        given().get("/asyncapi.yaml").then().statusCode(200);
    }
}
