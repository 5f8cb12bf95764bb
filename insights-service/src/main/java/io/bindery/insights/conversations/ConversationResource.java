package io.bindery.insights.conversations;

import com.fasterxml.jackson.databind.JsonNode;
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
import jakarta.ws.rs.core.Response;

/** Conversations of an organization: ingest (204), list, read. */
@Path("/v1/orgs/{organizationId}/conversations")
@Produces(MediaType.APPLICATION_JSON)
public class ConversationResource {
    @Inject
    Caller caller;
    @Inject
    Conversations conversations;

    @POST
    public Response ingest(@PathParam("organizationId") String org, JsonNode body) {
        conversations.ingest(org, caller.userId(), body);
        return Response.noContent().build();
    }

    @GET
    public ListPage<ConversationView> list(@PathParam("organizationId") String org, @QueryParam("page") String page,
                                           @QueryParam("limit") String limit, @QueryParam("source") String source) {
        return conversations.list(org, caller.userId(), source, Keyset.emptyAsFirst(page), Limits.parse(limit));
    }

    @GET
    @Path("/{conversationId}")
    public ConversationView.Detail get(@PathParam("organizationId") String org,
                                       @PathParam("conversationId") String conversationId) {
        return conversations.get(org, caller.userId(), conversationId);
    }
}
