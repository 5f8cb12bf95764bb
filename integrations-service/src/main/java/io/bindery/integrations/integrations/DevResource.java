package io.bindery.integrations.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.json.JsonBody;
import io.bindery.contracts.integrations.DevModeData;
import io.bindery.contracts.integrations.IntegrationsEventTypes;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The development tunnel ({@code PUT/DELETE …/dev}), for admins of the owning organization: while set, events of
 * the owner's installations ({@code all}: of every installation) go to the tunnel URL instead of the endpoint.
 */
@Path("/v1/integrations/{integrationName}/dev")
@Produces(MediaType.APPLICATION_JSON)
public class DevResource {
    @Inject
    Caller caller;
    @Inject
    Integrations integrations;
    @Inject
    EventPublisher events;

    @PUT
    @Transactional
    public Response set(@PathParam("integrationName") String name, JsonNode body) {
        Integration row = integrations.administered(name, caller.userId());
        if (row == null) {
            throw ApiException.notFound("no integration " + name);
        }
        JsonBody b = JsonBody.of(body);
        String url = PublishIntegrationRequest.httpUrl("tunnelUrl", b.requiredString("tunnelUrl", 1, 256));
        boolean all = b.bool("all").orElse(false);
        row.devTunnelUrl = url;
        row.devAll = all;
        row.updatedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
        events.publish(IntegrationsEventTypes.DEV_MODE_UPDATED, name, new DevModeData(name, row.ownerId, true, all));
        return Response.noContent().build();
    }

    @DELETE
    @Transactional
    public Response clear(@PathParam("integrationName") String name) {
        Integration row = integrations.administered(name, caller.userId());
        if (row == null) {
            throw ApiException.notFound("no integration " + name);
        }
        if (row.devTunnelUrl != null) {
            row.devTunnelUrl = null;
            row.devAll = false;
            events.publish(IntegrationsEventTypes.DEV_MODE_UPDATED, name, new DevModeData(name, row.ownerId, false, false));
        }
        return Response.status(205).build();
    }
}
