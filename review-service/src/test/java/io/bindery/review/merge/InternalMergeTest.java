package io.bindery.review.merge;

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
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.emptyOrNullString;

/**
 * {@code POST /internal/spaces/{s}/change-requests/{cr}/merge} ({@code ReviewMergesApi}): a service merges a change
 * request as a member (Git Sync's import, as the member who set the sync up), who must be allowed to merge there;
 * the change request then reads as merged by that member, as after their own merge.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
class InternalMergeTest {

    private static RequestSpecification service() {
        return given().contentType("application/json")
                .header("Authorization", "Bearer " + TestIdentity.serviceToken("integrations-service", "review-service"));
    }

    @Test
    void aServiceMergesAsAMemberWhoMayMerge() {
        String admin = "u-" + Ids.newId();
        String writer = "u-" + Ids.newId();
        String reviewer = "u-" + Ids.newId();
        TestIdentity.addUser(admin, "Ada", "ada@example.com");
        TestIdentity.addUser(writer, "Wes Writer", "wes@example.com");
        TestIdentity.addUser(reviewer, "Rita Reviewer", "rita@example.com");
        String space = ContentStandIn.space("org-" + Ids.newId(), admin);
        ContentStandIn.grant(space, writer, "edit");
        ContentStandIn.grant(space, reviewer, "review");
        String id = service().body("{\"createdBy\":\"" + writer + "\",\"subject\":\"Sync from Git\"}")
                .post("/internal/spaces/" + space + "/change-requests").then().statusCode(200).extract().path("id");
        String path = "/internal/spaces/" + space + "/change-requests/" + id + "/merge";

        // an editor may not merge: 403; one who cannot see the space: 404; no member: 400; nothing changed by them
        service().body("{\"mergedBy\":\"" + writer + "\"}").post(path).then().statusCode(403)
                .body("error.message", containsString("merging a change request"));
        service().body("{\"mergedBy\":\"u-" + Ids.newId() + "\"}").post(path).then().statusCode(404)
                .body("error.code", equalTo(404));
        service().body("{}").post(path).then().statusCode(400).body("error.message", containsString("mergedBy"));
        given().header("Authorization", "Bearer " + TestIdentity.token(admin))
                .get("/v1/spaces/" + space + "/change-requests/" + id).then().statusCode(200).body("status", equalTo("open"));
        String revision = service().body("{\"mergedBy\":\"" + reviewer + "\"}").post(path).then().statusCode(200)
                .body("result", equalTo("merge")).body("revision", not(emptyOrNullString())).extract().path("revision");
        given().header("Authorization", "Bearer " + TestIdentity.token(admin))
                .get("/v1/spaces/" + space + "/change-requests/" + id).then().statusCode(200)
                .body("status", equalTo("merged")).body("revisionMerged", equalTo(revision));
        // merged once: a second merge is refused, as a member's would be
        service().body("{\"mergedBy\":\"" + reviewer + "\"}").post(path).then().statusCode(409);
    }
}
