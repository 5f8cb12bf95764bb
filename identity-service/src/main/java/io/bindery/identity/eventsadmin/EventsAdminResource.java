package io.bindery.identity.eventsadmin;

import io.bindery.identity.users.Users;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.contracts.events.ParkedEventAction;
import io.bindery.contracts.events.ParkedEventOutcome;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import java.util.Map;

/**
 * Instance administration of the events consumers could not apply, in every service (a Bindery extension; GitBook
 * has no such API): list them, replay them after a fix, discard one. Instance admin only; each action is audited by
 * the service that holds the event.
 */
@Path("/v1/admin/events/parked")
@Produces(MediaType.APPLICATION_JSON)
public class EventsAdminResource {
    @Inject
    Caller caller;
    @Inject
    Users users;
    @Inject
    ParkedEventsAdmin admin;

    @GET
    public ParkedEventsAdmin.Gathered list(@QueryParam("service") String service,
                                           @QueryParam("limit") @DefaultValue("100") String limit) {
        users.requireInstanceAdmin(caller.userId());
        return admin.list(ParkedEventRequests.blankToNull(service), ParkedEventRequests.limit(limit));
    }

    /** Body {@code {"topic"?, "eventId"?}}: one event, a topic's, or all of every service. */
    @POST
    @Path("/replay")
    public Map<String, ParkedEventOutcome> replayAll(JsonNode body) {
        return act(null, "replay", body);
    }

    /** Body {@code {"topic"?, "eventId"?}}: one event, a topic's, or all of that service. */
    @POST
    @Path("/{service}/replay")
    public Map<String, ParkedEventOutcome> replay(@PathParam("service") String service, JsonNode body) {
        return act(service, "replay", body);
    }

    /** Body {@code {"topic", "eventId"}}. */
    @POST
    @Path("/{service}/discard")
    public Map<String, ParkedEventOutcome> discard(@PathParam("service") String service, JsonNode body) {
        return act(service, "discard", body);
    }

    private Map<String, ParkedEventOutcome> act(String service, String action, JsonNode body) {
        String userId = users.requireInstanceAdmin(caller.userId());
        ParkedEventRequests.Act req = ParkedEventRequests.Act.from(body, action);
        return admin.act(service, new ParkedEventAction(action, req.topic(), req.eventId(), userId));
    }
}
