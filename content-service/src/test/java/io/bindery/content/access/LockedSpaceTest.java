package io.bindery.content.access;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;


import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.member;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/**
 * The case where the permissions object and the endpoints disagreed: on a locked space {@code permissions.edit}
 * was false while content writes checked the role only. Now both follow {@link SpacePolicy}: nobody writes.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class LockedSpaceTest {
    static final String INSERT = "{\"changes\":[{\"operation\":\"insert_page\",\"title\":\"Locked out\",\"document\":{\"markdown\":\"No.\"}}]}";

    @Test
    void nobodyChangesTheContentOfALockedSpace() {
        String org = Ids.newId();
        String admin = member(org, "admin");
        String editor = member(org, "edit");
        String space = as(admin).body("{\"title\":\"Frozen\"}").post("/v1/orgs/" + org + "/spaces")
                .then().statusCode(201).extract().path("id");
        String cr = given().contentType("application/json").body("{}").post("/internal/spaces/" + space + "/branches")
                .then().statusCode(201).extract().path("id");
        String write = "/v1/spaces/" + space + "/change-requests/" + cr + "/content";

        as(admin).body("{\"editMode\":\"locked\"}").patch("/v1/spaces/" + space).then().statusCode(200)
                .body("permissions.edit", equalTo(false));
        for (String user : new String[]{admin, editor}) {
            as(user).get("/v1/spaces/" + space).then().statusCode(200).body("permissions.edit", equalTo(false));
            as(user).body(INSERT).post(write).then().statusCode(403)
                    .body("error.message", containsString("is locked (editMode locked)"));
            as(user).body("{\"id\":\"product-docs\"}").post("/v1/spaces/" + space + "/content/template").then().statusCode(403);
            as(user).body("{\"id\":\"product-docs\",\"changeRequestId\":\"" + cr + "\"}")
                    .post("/v1/spaces/" + space + "/content/template").then().statusCode(403);
        }
        // review is told the lock with the role, to refuse new change requests by the same rule
        given().queryParam("user", editor).get("/internal/spaces/" + space + "/access").then().statusCode(200)
                .body("space.editMode", equalTo("locked")).body("role", equalTo("edit"));

        as(admin).body("{\"editMode\":\"live\"}").patch("/v1/spaces/" + space).then().statusCode(200)
                .body("permissions.edit", equalTo(true));
        as(editor).get("/v1/spaces/" + space).then().body("permissions.edit", equalTo(true));
        as(editor).body(INSERT).post(write).then().statusCode(200);
    }
}
