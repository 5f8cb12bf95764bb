package io.bindery.review.changerequests;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/** Change requests of a space and of an organization; {changeRequestId} is the id or the number. */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class ChangeRequestResource {
    @Inject
    ChangeRequests changeRequests;

    @GET
    @Path("/spaces/{spaceId}/change-requests")
    public ListPage<ChangeRequestView> list(@PathParam("spaceId") String spaceId, @QueryParam("page") String page,
                                            @QueryParam("limit") String limit,
                                            @QueryParam("creator") String creator, @QueryParam("contributor") String contributor,
                                            @QueryParam("requestedReviewer") String requestedReviewer,
                                            @QueryParam("conversationsIssuesCluster") String cluster, @Context UriInfo uri) {
        return changeRequests.listForSpace(spaceId, new ChangeRequests.ListQuery(page, limit, given(uri, "status"), creator,
                contributor, requestedReviewer, cluster, given(uri, "orderBy")));
    }

    @GET
    @Path("/orgs/{organizationId}/change-requests")
    public ListPage<ChangeRequestView> listForOrganization(@PathParam("organizationId") String organizationId,
                                                           @QueryParam("page") String page, @QueryParam("limit") String limit,
                                                           @QueryParam("creator") String creator,
                                                           @QueryParam("contributor") String contributor,
                                                           @QueryParam("requestedReviewer") String requestedReviewer,
                                                           @QueryParam("conversationsIssuesCluster") String cluster,
                                                           @Context UriInfo uri) {
        return changeRequests.listForOrganization(organizationId, new ChangeRequests.ListQuery(page, limit, given(uri, "status"),
                creator, contributor, requestedReviewer, cluster, given(uri, "orderBy")));
    }

    /**
     * {@code status} and {@code orderBy} as sent, read from the query itself: a {@code @QueryParam} turns
     * {@code ?status=} into null (the default), where it must be an empty value (a 400).
     */
    static String given(UriInfo uri, String name) {
        return uri.getQueryParameters().getFirst(name);
    }

    @POST
    @Path("/spaces/{spaceId}/change-requests")
    public Response create(@PathParam("spaceId") String spaceId, JsonNode body) {
        return Response.status(201).entity(changeRequests.create(spaceId, body)).build();
    }

    @GET
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}")
    public ChangeRequestView get(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String changeRequestId) {
        return changeRequests.get(spaceId, changeRequestId);
    }

    @PATCH
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}")
    public ChangeRequestView patch(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String changeRequestId,
                                   JsonNode body) {
        return changeRequests.patch(spaceId, changeRequestId, body);
    }
}
