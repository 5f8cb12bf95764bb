package io.bindery.openapi.published;

import io.bindery.openapi.versions.PublishedFile;
import io.bindery.openapi.versions.Versions;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;

/**
 * Public specs for anyone, without a token (urls.published; the gateway routes {@code /openapi/**} here as it does
 * the site reader): the latest version's entry file at {@code …/latest/}, and each of its files at its path below,
 * so that relative $refs resolve. A private or unknown spec is a 404.
 */
@Path("/openapi/{organizationId}/{specSlug}/latest")
public class PublishedResource {
    @Inject
    Versions versions;

    @GET
    public Response entry(@PathParam("organizationId") String org, @PathParam("specSlug") String slug) {
        return file(versions.published(org, slug, ""));
    }

    @GET
    @Path("/{path: .+}")
    public Response file(@PathParam("organizationId") String org, @PathParam("specSlug") String slug,
                         @PathParam("path") String path) {
        return file(versions.published(org, slug, path));
    }

    private static Response file(PublishedFile f) {
        String name = f.path().toLowerCase(java.util.Locale.ROOT);
        String type = name.endsWith(".json") || f.content().stripLeading().startsWith("{") ? "application/json"
                : "application/yaml";
        return Response.ok(f.content(), type + "; charset=utf-8")
                .header("Cache-Control", "public, max-age=60")
                .header("X-Content-Type-Options", "nosniff")
                .header("Access-Control-Allow-Origin", "*").build();
    }
}
