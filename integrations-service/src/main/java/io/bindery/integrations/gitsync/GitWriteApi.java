package io.bindery.integrations.gitsync;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import java.util.List;

/**
 * The public API an import writes through, with the user's token (as insights' translations do): review's change
 * requests (open, merge: review applies the space's merge rules and content's three-way merge refuses a conflict)
 * and content's batch write of a change request's content. Content's internal API has no write of pages, and a
 * write through a change request is what the space's reviewers see. Built twice by {@link GitSyncWriter}, once per
 * service.
 */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface GitWriteApi {

    @POST
    @Path("/spaces/{space}/change-requests")
    ChangeRequest open(@HeaderParam("Authorization") String authorization, @PathParam("space") String space, JsonNode body);

    @POST
    @Path("/spaces/{space}/change-requests/{cr}/merge")
    Merged merge(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                 @PathParam("cr") String changeRequest, JsonNode body);

    @GET
    @Path("/spaces/{space}/change-requests/{cr}/content/pages")
    Pages pages(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                @PathParam("cr") String changeRequest);

    @GET
    @Path("/spaces/{space}/change-requests/{cr}/content/files")
    Files files(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                @PathParam("cr") String changeRequest, @QueryParam("limit") int limit, @QueryParam("page") String page);

    @POST
    @Path("/spaces/{space}/change-requests/{cr}/content")
    JsonNode write(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                   @PathParam("cr") String changeRequest, JsonNode body);

    @JsonIgnoreProperties(ignoreUnknown = true)
    record ChangeRequest(String id, int number) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Merged(String revision, String result) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Pages(List<Page> pages) {
    }

    /** GitBook's RevisionPage as far as an import needs it: a document, a group or a link, with its children. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Page(String id, String type, String title, String path, List<Page> pages) {
        public List<Page> children() {
            return pages == null ? List.of() : pages;
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    record Files(List<File> items, Next next) {
        @JsonIgnoreProperties(ignoreUnknown = true)
        public record File(String id, String name, long size) {
        }

        @JsonIgnoreProperties(ignoreUnknown = true)
        public record Next(String page) {
        }
    }
}
