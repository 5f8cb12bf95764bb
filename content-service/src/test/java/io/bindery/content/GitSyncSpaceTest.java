package io.bindery.content;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.commons.testing.TopicEvents;
import io.bindery.contracts.integrations.GitSyncData;
import io.bindery.contracts.integrations.IntegrationsEventTypes;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Objects;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.member;
import static io.bindery.content.TestApi.space;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The Space's {@code gitSync} (issue 32), kept from integrations' Git Sync events sent through a real broker into
 * the real consumer: shown while the space is continuously synced, absent for a one-off import and once stopped;
 * the newest event wins.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class GitSyncSpaceTest {
    @Inject
    ObjectMapper json;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrap;

    @Test
    void aSyncedSpaceShowsItsGitSyncUntilTheSyncStopsNewestEventWins() throws Exception {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String reader = member(org, "read");
        String space = space(org, admin, "Synced");
        String other = Ids.newId();
        String stranger = member(other, "admin", null);
        Instant t = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        as(admin).get("/v1/spaces/" + space).then().statusCode(200).body("gitSync", nullValue());
        try (TopicEvents integrations = new TopicEvents(bootstrap, json, IntegrationsEventTypes.TOPIC,
                "/bindery/integrations-service")) {
            // a one-off import shows nothing; an event of a space content does not know is skipped
            send(integrations, IntegrationsEventTypes.GIT_SYNC_COMPLETED, data(Ids.newId(), org, true, "success", "active", t));
            send(integrations, IntegrationsEventTypes.GIT_SYNC_COMPLETED, data(space, org, false, "success", "active", t));
            // the continuous sync starts (pending), then its first import leaves both sides in step (active)
            send(integrations, IntegrationsEventTypes.GIT_SYNC_STARTED, data(space, org, true, "running", "pending", t.plusSeconds(1)));
            awaitStatus(admin, space, "pending");
            send(integrations, IntegrationsEventTypes.GIT_SYNC_COMPLETED, data(space, org, true, "success", "active", t.plusSeconds(2)));
            awaitStatus(admin, space, "active");
            JsonPath got = as(reader).get("/v1/spaces/" + space).then().statusCode(200).extract().jsonPath();
            assertEquals(Map.of("installationId", space, "installationProvider", "github", "installationStatus", "active",
                    "repoName", "docs", "url", "https://github.com/acme/docs/tree/main/handbook",
                    "updatedAt", t.plusSeconds(2).toString(), "ref", "refs/heads/main", "projectDirectory", "handbook"),
                    got.getMap("gitSync"));
            as(admin).get("/v1/orgs/" + org + "/spaces").then().statusCode(200)
                    .body("items[0].gitSync.repoName", equalTo("docs"));
            as(stranger).get("/v1/spaces/" + space).then().statusCode(404);

            // a late, older event (a redelivered start) changes nothing
            send(integrations, IntegrationsEventTypes.GIT_SYNC_STARTED, data(space, org, true, "running", "pending", t.plusSeconds(1)));
            // stopped: gone, and a late older completion cannot bring it back
            send(integrations, IntegrationsEventTypes.GIT_SYNC_STOPPED, data(space, org, false, "success", "active", t.plusSeconds(3)));
            send(integrations, IntegrationsEventTypes.GIT_SYNC_COMPLETED, data(space, org, true, "success", "active", t.plusSeconds(2)));
            awaitStatus(admin, space, null);
            // synced again later: shown again
            send(integrations, IntegrationsEventTypes.GIT_SYNC_STARTED, data(space, org, true, "running", "pending", t.plusSeconds(4)));
            awaitStatus(admin, space, "pending");
        }
        assertNull(as(admin).get("/v1/spaces/" + space).then().statusCode(200).extract().path("gitSync.operation"));
    }

    private void send(TopicEvents integrations, String type, GitSyncData data) throws Exception {
        integrations.send(data.space(), integrations.event(Ids.newId(), type, data.space(), Instant.now(), data));
    }

    private static GitSyncData data(String space, String org, boolean synced, String state, String status, Instant at) {
        return new GitSyncData(space, org, "refs/heads/main", synced, "import", state, at,
                state.equals("running") ? null : at, null, null, null, null, "docs",
                "https://github.com/acme/docs/tree/main/handbook", "handbook/", "github", status, at,
                "https://github.com/acme/docs/blob/main/handbook/");
    }

    private static void awaitStatus(String user, String space, String status) {
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200)).until(() -> Objects.equals(status,
                as(user).get("/v1/spaces/" + space).then().statusCode(200).extract().path("gitSync.installationStatus")));
    }
}
