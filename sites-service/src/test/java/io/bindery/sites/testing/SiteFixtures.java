package io.bindery.sites.testing;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.restassured.specification.RequestSpecification;

import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jws.JsonWebSignature;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.NumericDate;
import org.jose4j.keys.HmacKey;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

import static io.restassured.RestAssured.given;

/** What the sites tests share: requests as a user, members of new organizations, an adaptive schema. */
public final class SiteFixtures {
    /** An adaptive schema with a claim of every kind, unsigned ones included. */
    public static final String SCHEMA = """
            {"type":"object","additionalProperties":false,"properties":{
              "beta":{"type":"boolean","description":"In the beta programme"},
              "seats":{"type":"number","description":"Seats bought"},
              "roles":{"type":"array","description":"Roles","items":{"type":"string","enum":["admin","dev"],"description":"A role"}},
              "unsigned":{"type":"object","description":"Unsigned claims of the site visitor.","additionalProperties":false,
                "properties":{"plan":{"type":"string","enum":["free","pro"],"description":"Plan"},
                              "region":{"type":"string","description":"Region"}}}}}""";

    private SiteFixtures() {
    }

    public static RequestSpecification as(String user) {
        return given().header("Authorization", "Bearer " + TestIdentity.token(user)).contentType("application/json");
    }

    /** A new user who is a member of {@code org} with {@code role} (null: a guest). */
    public static String member(String org, String role) {
        String user = Ids.newId();
        TestIdentity.addMembership(org, user, role, null, Instant.now());
        return user;
    }

    /** A new site of {@code org}, created by {@code user}; its id. */
    public static String site(String org, String user, String title) {
        return as(user).body("{\"title\":\"" + title + "\"}").post("/v1/orgs/" + org + "/sites").then().statusCode(201)
                .extract().path("id");
    }

    /** An HS256 visitor token signed with {@code key}, expiring in {@code seconds}, with the claim beta. */
    public static String visitorToken(String key, int seconds, boolean beta) throws Exception {
        JwtClaims claims = new JwtClaims();
        claims.setExpirationTime(NumericDate.fromSeconds(System.currentTimeMillis() / 1000 + seconds));
        claims.setClaim("beta", beta);
        JsonWebSignature jws = new JsonWebSignature();
        jws.setPayload(claims.toJson());
        jws.setAlgorithmHeaderValue(AlgorithmIdentifiers.HMAC_SHA256);
        jws.setKey(new HmacKey(key.getBytes(StandardCharsets.UTF_8)));
        jws.setDoKeyValidation(false);
        return jws.getCompactSerialization();
    }
}
