package io.bindery.integrations.events;

import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** An integration's events with their delivery traces; redelivery (Bindery's extension). */
@Path("/v1/integrations/{integrationName}/events")
@Produces(MediaType.APPLICATION_JSON)
public class EventResource {
    @Inject
    Caller caller;
    @Inject
    IntegrationEvents events;

    @GET
    public ListPage<IntegrationEventView> list(@PathParam("integrationName") String name, @QueryParam("page") String page,
                                               @QueryParam("limit") String limit) {
        return events.list(name, caller.userId(), Keyset.emptyAsFirst(page), Limits.parse(limit));
    }

    @GET
    @Path("/{eventId}")
    public IntegrationEventView.WithTrace get(@PathParam("integrationName") String name,
                                              @PathParam("eventId") String eventId) {
        return events.get(name, eventId, caller.userId());
    }

    @POST
    @Path("/{eventId}/redeliver")
    public IntegrationEventView redeliver(@PathParam("integrationName") String name,
                                          @PathParam("eventId") String eventId) {
        return events.redeliver(name, eventId, caller.userId());
    }
}
