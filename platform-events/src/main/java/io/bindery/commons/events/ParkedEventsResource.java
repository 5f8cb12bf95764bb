package io.bindery.commons.events;

import io.bindery.commons.errors.ApiException;
import io.bindery.contracts.events.ParkedEventAction;
import io.bindery.contracts.events.ParkedEventOutcome;
import io.bindery.contracts.events.ParkedEventsResponse;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * Every service's parked and dead-lettered events, for identity's instance-admin API ({@code /v1/admin/events/parked},
 * which gathers them from every service): list, replay, discard. Internal: a service token for this service.
 */
@Path(ParkedEventsResource.PATH)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ParkedEventsResource {
    public static final String PATH = "/internal/events/parked";

    @Inject
    FailedEvents failed;

    @GET
    public ParkedEventsResponse list(@QueryParam("limit") @DefaultValue("100") int limit) {
        return failed.list(limit);
    }

    @POST
    public ParkedEventOutcome act(ParkedEventAction body) {
        if (body == null || body.action() == null) {
            throw ApiException.badRequest("action is required: replay or discard");
        }
        return switch (body.action()) {
            case "replay" -> failed.replay(blankToNull(body.topic()), blankToNull(body.eventId()), body.actor());
            case "discard" -> {
                if (blankToNull(body.topic()) == null || blankToNull(body.eventId()) == null) {
                    throw ApiException.badRequest("discard needs topic and eventId");
                }
                yield failed.discard(body.topic(), body.eventId(), body.actor());
            }
            default -> throw ApiException.badRequest("action must be replay or discard, not " + body.action());
        };
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
