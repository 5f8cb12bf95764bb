package io.bindery.review.changerequests;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.review.testing.ContentStandIn;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/**
 * {@code POST /internal/spaces/{s}/change-requests} ({@code ReviewChangeRequestsApi}): a service opens a change
 * request authored by a member (Git Sync's import, for the committer), who must be allowed to create one there.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
class InternalChangeRequestTest {

    private static RequestSpecification service() {
        return given().contentType("application/json")
                .header("Authorization", "Bearer " + TestIdentity.serviceToken("integrations-service", "review-service"));
    }

    @Test
    void aServiceOpensAChangeRequestForAMemberWhoMayCreateOne() {
        String admin = "u-" + Ids.newId();
        String writer = "u-" + Ids.newId();
        String reader = "u-" + Ids.newId();
        TestIdentity.addUser(admin, "Ada", "ada@example.com");
        TestIdentity.addUser(writer, "Wes Writer", "wes@example.com");
        String space = ContentStandIn.space("org-" + Ids.newId(), admin);
        ContentStandIn.grant(space, writer, "edit");
        ContentStandIn.grant(space, reader, "read");
        String path = "/internal/spaces/" + space + "/change-requests";

        String id = service().body("{\"createdBy\":\"" + writer + "\",\"subject\":\"Sync from Git: main a..b\"}").post(path)
                .then().statusCode(200).body("createdBy", equalTo(writer)).extract().path("id");
        // the public API shows it authored by the member, open
        given().header("Authorization", "Bearer " + TestIdentity.token(admin))
                .get("/v1/spaces/" + space + "/change-requests/" + id).then().statusCode(200)
                .body("createdBy.id", equalTo(writer)).body("status", equalTo("open"))
                .body("subject", equalTo("Sync from Git: main a..b"));

        // a member who may not create one: 403; one who cannot see the space: 404; no member: 400
        service().body("{\"createdBy\":\"" + reader + "\",\"subject\":\"x\"}").post(path).then().statusCode(403)
                .body("error.code", equalTo(403));
        service().body("{\"createdBy\":\"u-" + Ids.newId() + "\"}").post(path).then().statusCode(404)
                .body("error.code", equalTo(404));
        service().body("{\"subject\":\"x\"}").post(path).then().statusCode(400)
                .body("error.message", containsString("createdBy is required"));
        service().body("{\"createdBy\":\"" + writer + "\",\"subject\":\"" + "x".repeat(101) + "\"}").post(path)
                .then().statusCode(400).body("error.message", containsString("at most 100"));
    }
}
