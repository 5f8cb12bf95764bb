package io.bindery.content;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.content.pages.BranchView;
import io.bindery.contracts.testing.ContractFixtures;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.internal;
import static io.bindery.content.TestApi.member;
import static io.bindery.content.TestApi.space;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The provider's side of content's internal contracts with review: what content really serves has every field
 * of the shared fixtures (platform-contracts' test-jar) that review's tests parse (see ContractFixtures).
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class InternalContractsTest {

    @Test
    void spaceAccessServesTheFixtures() {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Handbook");
        as(admin).body("{\"mergeRules\":{\"type\":\"rules\",\"rules\":[{\"rule\":\"require_specific_reviewers\",\"users\":[\""
                + admin + "\"]}]}}").patch("/v1/spaces/" + space).then().statusCode(200);

        ContractFixtures.assertServes("content/space-access", tree(internal().queryParam("user", admin)
                .get("/internal/spaces/" + space + "/access").then().statusCode(200).extract().asString()));
        // a non-member: role sent as null
        ContractFixtures.assertServes("content/space-access-no-role", tree(internal().queryParam("user", Ids.newId())
                .get("/internal/spaces/" + space + "/access").then().statusCode(200).extract().asString()));
    }

    @Test
    void readableSpacesServeTheFixture() {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        space(org, admin, "Handbook");
        ContractFixtures.assertServes("content/readable-spaces", tree(internal().queryParam("user", admin)
                .get("/internal/orgs/" + org + "/readable-spaces").then().statusCode(200).extract().asString()));
    }

    /** Sites' and integrations' request (the fixture's shape, with real ids) and content's answer. */
    @Test
    void spaceViewsServeTheFixture() {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Handbook");
        ObjectNode request = (ObjectNode) ContractFixtures.tree("content/space-views-request");
        request.put("user", admin).putArray("spaces").add(space);
        ContractFixtures.assertServes("content/space-views", tree(internal().body(request.toString())
                .post("/internal/orgs/" + org + "/space-views").then().statusCode(200).extract().asString()));
    }

    @Test
    void branchesAcceptReviewsRequestsAndServeTheFixtures() {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Handbook");
        String base = "/internal/spaces/" + space + "/branches";
        // the requests review sends (its ContentContractsTest pins them to these fixtures), with real ids
        String cr = Ids.newId();
        ObjectNode create = (ObjectNode) ContractFixtures.tree("content/branch-create-request");
        create.put("id", cr).put("createdBy", admin).put("template", "team-handbook");
        internal().body(create.toString()).post(base).then().statusCode(201);
        ObjectNode plain = (ObjectNode) ContractFixtures.tree("content/branch-create-request-no-template");
        plain.put("id", Ids.newId()).put("createdBy", admin);
        internal().body(plain.toString()).post(base).then().statusCode(201);

        ContractFixtures.assertServes("content/branch-pages", tree(internal().get(base + "/" + cr + "/pages")
                .then().statusCode(200).extract().asString()));
        ObjectNode merge = (ObjectNode) ContractFixtures.tree("content/branch-merge-request");
        merge.put("mergedBy", admin);
        ContractFixtures.assertServes("content/branch-outcome", tree(internal().body(merge.toString()).post(base + "/" + cr + "/merge")
                .then().statusCode(200).extract().asString()));
        ContractFixtures.assertServes("content/branch", tree(internal().get(base + "/" + cr)
                .then().statusCode(200).extract().asString()));
    }

    /**
     * The contract's records write what content's views wrote before the contract (issue 30): the same fields in
     * the same order as the change request's public view ({@code BranchView}), for the created branch, a read, an
     * update's and a merge's answer; an update still takes the {@code {}} review used to send.
     */
    @Test
    void branchAnswersKeepTheViewsFieldOrder() {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Handbook");
        String base = "/internal/spaces/" + space + "/branches";
        String cr = Ids.newId();
        JsonNode created = tree(internal().body("{\"id\":\"" + cr + "\",\"createdBy\":\"" + admin + "\",\"subject\":\"S\"}")
                .post(base).then().statusCode(201).extract().asString());
        List<String> order = List.of(BranchView.class.getAnnotation(JsonPropertyOrder.class).value());
        assertEquals(order.stream().filter(created::has).toList(), names(created));
        assertEquals(names(created), names(tree(internal().get(base + "/" + cr).then().statusCode(200).extract().asString())));
        JsonNode updated = tree(internal().body("{}").post(base + "/" + cr + "/update").then().statusCode(200).extract().asString());
        assertEquals(List.of("revision", "result", "changeRequest"), names(updated));
        assertEquals(names(created), names(updated.get("changeRequest")));
        JsonNode merged = tree(internal().body("{\"comments\":2}").post(base + "/" + cr + "/merge").then().statusCode(200).extract().asString());
        assertEquals(order.stream().filter(merged.get("changeRequest")::has).toList(), names(merged.get("changeRequest")));
        assertTrue(merged.get("changeRequest").has("revisionMerged"));
        JsonNode pages = tree(internal().get(base + "/" + cr + "/pages").then().statusCode(200).extract().asString());
        assertEquals(List.of("revision", "pages"), names(pages));
        for (JsonNode page : pages.get("pages")) {
            assertEquals(List.of("id", "title", "path", "depth", "markdown"), names(page));
        }
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static JsonNode tree(String body) {
        try {
            return ContractFixtures.JSON.readTree(body);
        } catch (Exception e) {
            throw new AssertionError("not JSON: " + body, e);
        }
    }
}
