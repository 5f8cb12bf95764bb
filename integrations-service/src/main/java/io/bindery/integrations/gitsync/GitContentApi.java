package io.bindery.integrations.gitsync;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.bindery.contracts.content.RevisionPage;
import io.bindery.contracts.content.RevisionTree;
import io.bindery.contracts.content.SpaceAccessResponse;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import java.util.List;

/**
 * content-service as Git Sync reads it (built by {@link GitSyncContent}): its internal API with integrations'
 * service token (the caller's role on the space, a revision's tree, pages and file bytes), and the one list the
 * internal API lacks, a revision's files, from the public API with the user's token.
 */
@Path("/")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface GitContentApi {

    @GET
    @Path("internal/spaces/{space}/access")
    SpaceAccessResponse access(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                               @QueryParam("user") String user);

    @GET
    @Path("internal/spaces/{space}/revisions/{revision}/tree")
    RevisionTree tree(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                      @PathParam("revision") String revision);

    @GET
    @Path("internal/spaces/{space}/revisions/{revision}/pages/{page}")
    RevisionPage page(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                      @PathParam("revision") String revision, @PathParam("page") String page);

    @GET
    @Path("internal/spaces/{space}/revisions/{revision}/files/{file}")
    @Produces(MediaType.WILDCARD)
    byte[] file(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                @PathParam("revision") String revision, @PathParam("file") String file);

    @GET
    @Path("v1/spaces/{space}/revisions/{revision}/files")
    Files files(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                @PathParam("revision") String revision, @QueryParam("limit") int limit, @QueryParam("page") String page);

    /** GitBook's list of RevisionFile (what Git Sync reads of it). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Files(List<File> items, Next next) {
        @JsonIgnoreProperties(ignoreUnknown = true)
        public record File(String id, String name, String contentType) {
        }

        @JsonIgnoreProperties(ignoreUnknown = true)
        public record Next(String page) {
        }
    }
}
