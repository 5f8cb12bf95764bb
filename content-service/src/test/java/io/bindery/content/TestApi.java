package io.bindery.content;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.restassured.specification.RequestSpecification;

import java.time.Instant;

import static io.restassured.RestAssured.given;

/** The calls every @QuarkusTest of content makes: as a user, to the internal API, and the members they act as. */
public final class TestApi {
    private TestApi() {
    }

    /** A JSON request with the user's bearer token (TestIdentity's). */
    public static RequestSpecification as(String userId) {
        return given().header("Authorization", "Bearer " + TestIdentity.token(userId)).contentType("application/json");
    }

    /** The internal API: no token (the gateway never routes it). */
    public static RequestSpecification internal() {
        return given().contentType("application/json");
    }

    /** A new user, member of the organization with the role (null: a guest). */
    public static String member(String org, String role) {
        return member(org, role, null);
    }

    /** A new member, the organization's default role set to {@code orgDefaultRole} (null: none). */
    public static String member(String org, String role, String orgDefaultRole) {
        String user = Ids.newId();
        TestIdentity.addMembership(org, user, role, orgDefaultRole, Instant.now());
        return user;
    }

    /** A new space at the organization's root, created by {@code admin}; its id. */
    public static String space(String org, String admin, String title) {
        return as(admin).body("{\"title\":\"" + title + "\"}").post("/v1/orgs/" + org + "/spaces")
                .then().statusCode(201).extract().path("id");
    }
}
