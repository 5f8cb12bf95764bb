package io.bindery.openapi.processing;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.contracts.openapi.OpenApiEventTypes;
import io.bindery.contracts.testing.ContractFixtures;
import io.bindery.openapi.testing.SpecServer;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.bindery.openapi.testing.SpecFixtures.SWAGGER_20;
import static io.bindery.openapi.testing.SpecFixtures.as;
import static io.bindery.openapi.testing.SpecFixtures.complete;
import static io.bindery.openapi.testing.SpecFixtures.create;
import static io.bindery.openapi.testing.SpecFixtures.member;
import static io.bindery.openapi.testing.SpecFixtures.slug;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** What openapi-service really writes to its outbox has every field of the shared fixtures (contracts/openapi/*.json). */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class EventContractsTest {
    @Inject
    EntityManager em;

    JsonNode published(String type, String specId) throws Exception {
        List<String> found = QuarkusTransaction.requiringNew().call(() -> em.createQuery(
                        "select envelope from OutboxEvent where type = :type and aggregateId = :id order by id desc", String.class)
                .setParameter("type", type).setParameter("id", specId).getResultList());
        assertFalse(found.isEmpty(), "no " + type + " for " + specId + " in the outbox");
        return ContractFixtures.JSON.readTree(found.get(0)).path("data");
    }

    @Test
    void theOutboxServesWhatTheFixturesPin() throws Exception {
        String org = Ids.newId();
        String editor = member(org, "create");
        try (SpecServer server = new SpecServer()) {
            String good = slug();
            as(editor).body(create(good, server.put("/store.json", SWAGGER_20))).post("/v1/orgs/" + org + "/openapi")
                    .then().statusCode(201);
            String goodId = complete(editor, org, good).getString("id");
            String bad = slug();
            as(editor).body(create(bad, server.url("/missing.json"))).post("/v1/orgs/" + org + "/openapi")
                    .then().statusCode(201);
            String badId = complete(editor, org, bad).getString("id");
            ContractFixtures.assertServes("openapi/spec-uploaded", published(OpenApiEventTypes.SPEC_UPLOADED, goodId));
            ContractFixtures.assertServes("openapi/spec-processed", published(OpenApiEventTypes.SPEC_PROCESSED, goodId));
            ContractFixtures.assertServes("openapi/spec-failed", published(OpenApiEventTypes.SPEC_FAILED, badId));
        }
    }
}
