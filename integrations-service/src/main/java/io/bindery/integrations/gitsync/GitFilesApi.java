package io.bindery.integrations.gitsync;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import java.util.List;

/**
 * content-service's public list of a revision's files, as Git Sync reads it with the user's token (built by
 * {@link GitSyncContent}): the internal API has no such list.
 */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public interface GitFilesApi {

    @GET
    @Path("/spaces/{space}/revisions/{revision}/files")
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
