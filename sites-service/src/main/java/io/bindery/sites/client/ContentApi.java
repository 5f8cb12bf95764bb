package io.bindery.sites.client;

import io.bindery.commons.client.SpaceViewsApi;
import io.bindery.contracts.content.RevisionPage;
import io.bindery.contracts.content.RevisionTree;
import io.bindery.contracts.content.SiteAskRequest;
import io.bindery.contracts.content.SiteAskResponse;
import io.bindery.contracts.content.SiteSearchRequest;
import io.bindery.contracts.content.SiteSearchResponse;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** content-service's internal API as sites calls it (built by {@link ContentClient}): space-views and the reader's reads. */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface ContentApi extends SpaceViewsApi {

    @GET
    @Path("/spaces/{space}/revisions/{revision}/tree")
    RevisionTree tree(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                      @PathParam("revision") String revision);

    @GET
    @Path("/spaces/{space}/revisions/{revision}/pages/{page}")
    RevisionPage page(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                      @PathParam("revision") String revision, @PathParam("page") String page);

    /** A file's bytes; the media type is the file's. */
    @GET
    @Path("/spaces/{space}/revisions/{revision}/files/{file}")
    @Produces(MediaType.WILDCARD)
    Response file(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                  @PathParam("revision") String revision, @PathParam("file") String file);

    @POST
    @Path("/search")
    SiteSearchResponse search(@HeaderParam("Authorization") String authorization, SiteSearchRequest body);

    @POST
    @Path("/ask")
    SiteAskResponse ask(@HeaderParam("Authorization") String authorization, SiteAskRequest body);
}
