package io.bindery.commons.events;

import io.bindery.contracts.events.ParkedEventAction;
import io.bindery.contracts.events.ParkedEventOutcome;
import io.bindery.contracts.events.ParkedEventsResponse;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** Every service's {@link ParkedEventsResource} as identity's instance-admin API calls it (a REST Client). */
@Path(ParkedEventsResource.PATH)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface ParkedEventsApi {
    @GET
    ParkedEventsResponse list(@HeaderParam("Authorization") String authorization, @QueryParam("limit") int limit);

    @POST
    ParkedEventOutcome act(@HeaderParam("Authorization") String authorization, ParkedEventAction body);
}
