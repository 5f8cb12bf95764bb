package io.bindery.integrations.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.commons.testing.TopicEvents;
import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.contracts.identity.OrganizationChanged;
import io.restassured.specification.RequestSpecification;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

/** What the integrations tests share: users, organizations published on identity's topic, integration bodies. */
public final class IntegrationFixtures {
    /** A 1×1 PNG. */
    public static final String PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

    private IntegrationFixtures() {
    }

    public static RequestSpecification as(String user) {
        return given().header("Authorization", "Bearer " + TestIdentity.token(user)).contentType("application/json");
    }

    public static String member(String org, String role) {
        String user = Ids.newId();
        TestIdentity.addMembership(org, user, role, null, Instant.now());
        return user;
    }

    /**
     * A new organization, published as identity does (bindery.organization.created.v1 on its topic), with the
     * subdomain {@code hostname}; returns once integrations-service knows it.
     */
    public static String organization(String kafka, ObjectMapper json, String hostname) throws Exception {
        String id = Ids.newId();
        OrganizationChanged org = new OrganizationChanged("organization", id, "Org " + hostname, Instant.now(),
                List.of(), hostname, "business", null, null, "read", null, false, false, true, "free", null,
                new OrganizationChanged.Trial("none", 0),
                new OrganizationChanged.Urls("http://localhost/v1/orgs/" + id, "http://localhost/o/" + id, null));
        try (TopicEvents identity = new TopicEvents(kafka, json, IdentityEventTypes.TOPIC, "/bindery/identity-service")) {
            identity.send(id, identity.event(Ids.newId(), IdentityEventTypes.ORGANIZATION_CREATED, id, Instant.now(), org));
        }
        String admin = member(id, "admin");
        // the owner filter answers 404 until the organization is known
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() ->
                as(admin).get("/v1/integrations?owner=" + id).statusCode() == 200);
        return id;
    }

    /** A valid publish body for {@code org}; {@code extra} is spliced in (starting with a comma) to add fields. */
    public static String body(String org, String extra) {
        String text = "{\"organization\":\"" + org + "\",\"title\":\"My integration\",\"description\":\"Does things\","
                + "\"script\":\"export default {}\",\"scopes\":[\"space:content:read\"]" + extra + "}";
        try {
            // parsed and written again so that a field of extra replaces the default's (the last one read wins)
            return new ObjectMapper().readTree(text).toString();
        } catch (Exception e) {
            throw new IllegalArgumentException(text, e);
        }
    }
}
