package io.bindery.insights.client;

import io.bindery.contracts.content.RevisionPage;
import io.bindery.contracts.content.RevisionTree;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** content-service's internal API as insights reads it (built by {@link ContentClient}): a revision's pages. */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface ContentApi {

    @GET
    @Path("/spaces/{space}/revisions/{revision}/tree")
    RevisionTree tree(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                      @PathParam("revision") String revision);

    @GET
    @Path("/spaces/{space}/revisions/{revision}/pages/{page}")
    RevisionPage page(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                      @PathParam("revision") String revision, @PathParam("page") String page);
}
