package io.bindery.e2e;

import io.bindery.e2e.Stack.TestUser;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;

import static io.bindery.e2e.ChangeRequestsE2ETest.newChangeRequest;
import static io.bindery.e2e.ContentFixtures.createSpace;
import static io.bindery.e2e.ContentFixtures.json;
import static io.bindery.e2e.Stack.api;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.anyOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

/**
 * Input no service may answer with a 500, sent to one route of every service, through the gateway and straight to
 * the service; the gateway's 414 and 431, and targets under them that every service reads; hostile transfer targets;
 * user-given URLs that point at the stack's own listeners; signed URLs that only the stack's own secret signs.
 */
class HardeningE2ETest {
    /** One route per service (the 501 services answer their own "not implemented" for any /v1 route). */
    static final Map<String, String> ROUTE = Map.of(
            "identity", "/v1/orgs", "content", "/v1/orgs/o/spaces", "review", "/v1/spaces/s/change-requests",
            "sites", "/v1/orgs/o/sites", "openapi", "/v1/orgs/o/openapi", "integrations", "/v1/integrations",
            "insights", "/v1/orgs/o/conversations");

    static RequestSpecification raw(RequestSpecification base, String token) {
        return base.urlEncodingEnabled(false).header("Authorization", "Bearer " + token);
    }

    @Test
    void nulAndNonUtf8NeverGiveA500AnywhereAndTheBodyIsTheErrorBody() {
        TestUser user = Stack.newUser("hardening.test");
        for (Map.Entry<String, String> e : ROUTE.entrySet()) {
            for (RequestSpecification base : new RequestSpecification[]{api(), Stack.service(e.getKey())}) {
                raw(base, user.token()).get(e.getValue() + "/a%00b").then().statusCode(404).body("error.code", equalTo(404));
            }
            for (RequestSpecification base : new RequestSpecification[]{api(), Stack.service(e.getKey())}) {
                raw(base, user.token()).get(e.getValue() + "?page=%00").then().statusCode(400).body("error.code", equalTo(400));
            }
            for (RequestSpecification base : new RequestSpecification[]{api(), Stack.service(e.getKey())}) {
                raw(base, user.token()).get(e.getValue() + "?page=%FF%FE").then().statusCode(400).body("error.code", equalTo(400));
            }
            for (RequestSpecification base : new RequestSpecification[]{api(), Stack.service(e.getKey())}) {
                raw(base, user.token()).contentType(ContentType.JSON).body("{\"title\":\"nul\\u0000here\",\"subject\":\"nul\\u0000\"}")
                        .post(e.getValue()).then().statusCode(anyOf(lessThan(500), equalTo(501)))
                        .body("error.code", anyOf(lessThan(500), equalTo(501)));
            }
        }
        // where a body with NUL reaches the database: a 400, and nothing is created
        String org = Stack.newOrg(user, "hardening.test");
        api(user.token()).contentType(ContentType.JSON).body("{\"title\":\"nul\\u0000here\"}").post("/v1/orgs/" + org + "/spaces")
                .then().statusCode(400).body("error.code", equalTo(400));
        api(user.token()).get("/v1/orgs/" + org + "/spaces").then().statusCode(200).body("count", equalTo(0));
        api(user.token()).contentType(ContentType.JSON).body("{\"title\":\"nul\\u0000org\"}").post("/v1/orgs")
                .then().statusCode(400).body("error.code", equalTo(400));
    }

    @Test
    void theGatewayAnswersOverLongTargetsAndOverLargeHeadersWithTheErrorBody() {
        TestUser user = Stack.newUser("hardening.test");
        api(user.token()).get("/v1/orgs/" + "x".repeat(10_000)).then().statusCode(414)
                .contentType(startsWith("application/json")).body("error.code", equalTo(414));
        api(user.token()).header("X-Filler", "y".repeat(20_000)).get("/v1/user").then().statusCode(431)
                .contentType(startsWith("application/json")).body("error.code", equalTo(431));
        // and never routes /internal/**
        RestAssured.given().baseUri(Stack.GATEWAY).get("/internal/token-revocations").then().statusCode(404);
    }

    @Test
    void aRequestTargetUnderTheGatewaysLimitReachesEveryServiceAndAnyErrorHasTheBody() {
        TestUser user = Stack.newUser("hardening.test");
        String org = Stack.newOrg(user, "hardening.test");
        // between the services' old 4 KiB line limit and the gateway's 8 KiB: a bad cursor, not an empty 414
        String cursor = "a".repeat(5_000);
        api(user.token()).get("/v1/orgs/" + org + "/spaces?page=" + cursor).then().statusCode(400)
                .contentType(startsWith("application/json")).body("error.code", equalTo(400));
        for (Map.Entry<String, String> e : ROUTE.entrySet()) {
            api(user.token()).get(e.getValue() + "?page=" + cursor).then()
                    .statusCode(allOf(not(equalTo(414)), anyOf(lessThan(500), equalTo(501))))
                    .contentType(startsWith("application/json")).body("error.code", notNullValue());
        }
    }

    @Test
    void aHostileTransferTargetIsAClientErrorNeverA500() {
        TestUser owner = Stack.newUser("hardening.test");
        String org = Stack.newOrg(owner, "hardening.test");
        String space = createSpace(owner.token(), org, json("title", "Staying"));
        for (String hostile : new String[]{"x".repeat(5_000), "../" + org, "%00", "a\u0000b", "an org", "\u00e9t\u00e9", "a/b?c"}) {
            api(owner.token()).contentType(ContentType.JSON).body(Map.of("organization", hostile))
                    .post("/v1/spaces/" + space + "/transfer").then().statusCode(400).body("error.code", equalTo(400));
        }
        api(owner.token()).contentType(ContentType.JSON).body(Map.of("organization", "noSuchOrganization00"))
                .post("/v1/spaces/" + space + "/transfer").then().statusCode(404).body("error.code", equalTo(404));
        api(owner.token()).get("/v1/spaces/" + space).then().statusCode(200).body("organization", equalTo(org));
    }

    @Test
    void insertFilesNeverReadsThePlatformsOwnListeners() {
        TestUser owner = Stack.newUser("hardening.test");
        String org = Stack.newOrg(owner, "hardening.test");
        String space = createSpace(owner.token(), org, json("title", "Own ports"));
        String branch = ContentFixtures.openBranch(space);
        int gateway = URI.create(Stack.GATEWAY).getPort();
        // loopback is allowed on the local stacks (BINDERY_OUTBOUND_ALLOW=127.0.0.0/8), the stack's own ports are not
        for (int port = gateway; port <= gateway + Stack.SERVICES.length; port++) {
            for (String path : new String[]{"/q/health", "/v1/user"}) {
                String url = "http://127.0.0.1:" + port + path;
                api(owner.token()).contentType(ContentType.JSON)
                        .body(Map.of("changes", java.util.List.of(Map.of("operation", "insert_files",
                                "files", java.util.List.of(Map.of("name", "health.json", "url", url))))))
                        .post(ContentFixtures.branchPath(space, branch) + "/content?compat=false")
                        .then().statusCode(400).body("error.code", equalTo(400))
                        .body("error.message", containsString(url)).body("error.message", containsString("own listeners"));
            }
        }
        api(owner.token()).get(ContentFixtures.branchPath(space, branch) + "/content/files").then().statusCode(200)
                .body("count", equalTo(0));
    }

    @Test
    void internalApisNeedAServiceTokenForThatService() {
        TestUser user = Stack.newUser("hardening.test");
        Map<String, String> internal = Map.of(
                "identity", "/internal/users/" + user.id(),
                "content", "/internal/orgs/o/readable-spaces?user=" + user.id());
        for (Map.Entry<String, String> e : internal.entrySet()) {
            Stack.service(e.getKey()).get(e.getValue()).then().statusCode(401).body("error.code", equalTo(401));
            Stack.service(e.getKey()).header("Authorization", "Bearer " + user.token()).get(e.getValue())
                    .then().statusCode(401).body("error.code", equalTo(401));
            Stack.service(e.getKey()).header("Authorization", "Bearer " + Stack.serviceToken("e2e-tests", "sites-service"))
                    .get(e.getValue()).then().statusCode(401);
            Stack.internal(e.getKey()).get(e.getValue()).then().statusCode(anyOf(equalTo(200), equalTo(404)));
            // the gateway never routes them, with or without a token
            api(user.token()).get(e.getValue()).then().statusCode(404);
        }
        // the merge of any change request into main, the worst of them, is refused without a service token
        Stack.service("content").post("/internal/spaces/s/branches/b/merge").then().statusCode(401);
        // service tokens come only for the service secret
        Stack.service("identity").contentType(ContentType.JSON).body(Map.of("service", "x-service", "audience", "content-service"))
                .post("/internal/service-tokens").then().statusCode(401);
    }

    @Test
    void aPdfUrlSignedWithTheOldBuiltInSecretIsRefused() throws Exception {
        TestUser owner = Stack.newUser("hardening.test");
        String org = Stack.newOrg(owner, "hardening.test");
        String space = createSpace(owner.token(), org, json("title", "Signed"));
        String cr = newChangeRequest(owner.token(), space, "Printable");
        String url = api(owner.token()).get("/v1/spaces/" + space + "/change-requests/" + cr + "/pdf")
                .then().statusCode(200).extract().path("url");
        URI uri = URI.create(url);
        TreeMap<String, String> params = new TreeMap<>();
        for (String pair : uri.getRawQuery().split("&")) {
            String[] kv = pair.split("=", 2);
            if (!kv[0].equals("signature")) {
                params.put(kv[0], URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
            }
        }
        StringBuilder payload = new StringBuilder(uri.getRawPath());
        params.forEach((k, v) -> payload.append('\n').append(k).append('=').append(v));
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec("bindery-signed-url-secret".getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String forged = Base64.getUrlEncoder().withoutPadding().encodeToString(mac.doFinal(payload.toString().getBytes(StandardCharsets.UTF_8)));
        String query = uri.getRawQuery().replaceAll("signature=[^&]*", "signature=" + forged);
        RestAssured.given().urlEncodingEnabled(false).get(url.substring(0, url.indexOf('?')) + "?" + query)
                .then().statusCode(401).body("error.code", equalTo(401));
        // the URL the stack signed with its own secret opens
        RestAssured.given().urlEncodingEnabled(false).get(url).then().statusCode(200);
    }
}
