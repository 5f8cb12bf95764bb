package io.bindery.insights.clusters;

import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** Clusters of an organization's issues (GitBook lists them only: a cluster's location is its issues' list). */
@Path("/v1/orgs/{organizationId}/conversations-clusters")
@Produces(MediaType.APPLICATION_JSON)
public class ClusterResource {
    @Inject
    Caller caller;
    @Inject
    ClusterViews clusters;

    @GET
    public ListPage<ClusterView> list(@PathParam("organizationId") String org, @QueryParam("page") String page,
                                      @QueryParam("limit") String limit, @QueryParam("order") String order,
                                      @QueryParam("orderBy") String orderBy, @QueryParam("source") String source) {
        return clusters.list(org, caller.userId(), order, orderBy, source, Keyset.emptyAsFirst(page),
                Limits.parse(limit));
    }

}
