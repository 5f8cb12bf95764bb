package io.bindery.identity;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TopicEvents;
import io.bindery.contracts.sites.SitesEventTypes;
import io.bindery.identity.TestApi.User;
import io.bindery.identity.events.SitesEventsConsumer;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.bindery.identity.TestApi.call;
import static io.bindery.identity.TestApi.invite;
import static io.bindery.identity.TestApi.org;
import static io.bindery.identity.TestApi.team;
import static io.bindery.identity.TestApi.user;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Member.sites (GitBook 0.202.0) from sites' events: a member with a role reaches the organization's live sites, a
 * guest none; through the real consumer and broker, and event by event for redelivery and reordering.
 */
@QuarkusTest
class SiteCountersTest {
    private static final String SOURCE = "/bindery/sites-service";

    @Inject
    SitesEventsConsumer consumer;

    User admin;
    User member;
    User guest;
    String org;
    String team;

    @BeforeEach
    void organization() {
        admin = user();
        member = user();
        guest = user();
        org = org(admin);
        invite(admin, org, "read", member);
        invite(admin, org, null, guest);
        team = team(admin, org, "Site readers", List.of(member.id()));
    }

    @Test
    void sitesThroughKafkaAreCountedForMembersNotGuests() throws Exception {
        String kept = Ids.newId();
        String gone = Ids.newId();
        try (TopicEvents sites = new TopicEvents(ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class),
                TestApi.JSON, SitesEventTypes.TOPIC, SOURCE)) {
            for (JsonNode e : List.of(event(SitesEventTypes.SITE_CREATED, kept, org),
                    event(SitesEventTypes.SITE_CREATED, gone, org),
                    event(SitesEventTypes.SITE_PUBLISHED, kept, org),
                    event(SitesEventTypes.SITE_CREATED, Ids.newId(), Ids.newId()), // another organization's
                    event(SitesEventTypes.SITE_DELETED, gone, org))) {
                sites.send(e);
            }
        }
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
            assertEquals(1, sites(member));
            assertEquals(1, sites(admin));
        });
        assertEquals(0, sites(guest));
        JsonNode listed = call("GET", "/v1/orgs/" + org + "/members", admin.token(), null).json();
        for (JsonNode m : listed.path("items")) {
            assertEquals(m.path("role").isNull() ? 0 : 1, m.path("sites").asInt(), m.toString());
        }
        JsonNode inTeam = call("GET", "/v1/orgs/" + org + "/teams/" + team + "/members", admin.token(), null).json();
        assertEquals(1, inTeam.path("items").get(0).path("organization").path("sites").asInt(), inTeam.toString());
    }

    @Test
    void redeliveredAndReorderedEventsEndTheSame() {
        String site = Ids.newId();
        apply(event(SitesEventTypes.SITE_DELETED, site, org)); // the deletion overtook the creation
        apply(event(SitesEventTypes.SITE_CREATED, site, org));
        apply(event(SitesEventTypes.SITE_CREATED, site, org));
        assertEquals(0, sites(member));
        String other = Ids.newId();
        apply(event(SitesEventTypes.SITE_CREATED, other, org));
        apply(event(SitesEventTypes.SITE_CREATED, other, org));
        assertEquals(1, sites(member));
    }

    private void apply(JsonNode event) {
        QuarkusTransaction.requiringNew().run(() -> consumer.applyParked(event));
    }

    private int sites(User who) {
        return call("GET", "/v1/orgs/" + org + "/members/" + who.id(), admin.token(), null).json().path("sites").asInt(-1);
    }

    private static JsonNode event(String type, String site, String organization) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", site);
        data.put("organization", organization);
        data.put("title", "Docs");
        data.put("published", false);
        return TopicEvents.envelope(TestApi.JSON, SOURCE, Ids.newId(), type, site, Instant.parse("2030-01-01T00:00:00Z"), data);
    }
}
