package io.bindery.integrations.integrations;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.Set;

/** Integrations: list, publish (create or new version), read, delete. */
@Path("/v1/integrations")
@Produces(MediaType.APPLICATION_JSON)
public class IntegrationResource {
    @Inject
    Caller caller;
    @Inject
    Integrations integrations;

    @GET
    public ListPage<IntegrationView> list(@QueryParam("page") String page, @QueryParam("limit") String limit,
                                          @QueryParam("search") String search, @QueryParam("category") String category,
                                          @QueryParam("blockDomain") String blockDomain,
                                          @QueryParam("blocks") String blocks,
                                          @QueryParam("contentSources") String contentSources,
                                          @QueryParam("owner") String owner, @QueryParam("scope") String scope,
                                          @QueryParam("target") String target) {
        if (blockDomain != null && !PublishIntegrationRequest.NAME.matcher(blockDomain).matches()) {
            throw ApiException.badRequest("blockDomain must be 1 to 100 letters, digits, '-', '_' or '.'");
        }
        Integrations.Filters filters = new Integrations.Filters(search,
                oneOf("category", category, PublishIntegrationRequest.CATEGORIES), blockDomain,
                bool("blocks", blocks), bool("contentSources", contentSources), blank(owner) ? null : owner,
                oneOf("scope", scope, PublishIntegrationRequest.SCOPES),
                oneOf("target", target, PublishIntegrationRequest.TARGETS));
        return integrations.list(caller.userId(), filters, Keyset.emptyAsFirst(page), Limits.parse(limit));
    }

    @GET
    @Path("/{integrationName}")
    public IntegrationView get(@PathParam("integrationName") String name) {
        return integrations.get(name, caller.userId());
    }

    @POST
    @Path("/{integrationName}")
    public IntegrationView publish(@PathParam("integrationName") String name, JsonNode body) {
        PublishIntegrationRequest.checkName(name);
        return integrations.publish(name, caller.userId(), PublishIntegrationRequest.from(body));
    }

    @DELETE
    @Path("/{integrationName}")
    public Response delete(@PathParam("integrationName") String name) {
        integrations.delete(name, caller.userId());
        return Response.noContent().build();
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static String oneOf(String name, String value, Set<String> allowed) {
        if (value == null) {
            return null;
        }
        if (!allowed.contains(value)) {
            throw ApiException.badRequest(name + " must be one of " + allowed.stream().sorted().toList());
        }
        return value;
    }

    private static Boolean bool(String name, String value) {
        if (value == null) {
            return null;
        }
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw ApiException.badRequest(name + " must be true or false");
        };
    }
}
