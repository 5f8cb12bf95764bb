package io.bindery.sites.adaptive;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.util.List;

/** A site's adaptive (visitor) schema and the template conditions derived from it. */
@Path("/v1/orgs/{organizationId}/sites/{siteId}/adaptive-schema")
@Produces(MediaType.APPLICATION_JSON)
public class AdaptiveSchemaResource {
    @Inject
    Caller caller;
    @Inject
    AdaptiveSchemas schemas;

    public record TemplateConditionList(List<TemplateConditions.Item> items) {
    }

    @GET
    public AdaptiveSchemaView get(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId) {
        return schemas.get(organizationId, caller.userId(), siteId);
    }

    @PUT
    public AdaptiveSchemaView replace(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                                      JsonNode body) {
        return schemas.replace(organizationId, caller.userId(), siteId, body);
    }

    @GET
    @Path("/template-conditions")
    public TemplateConditionList templateConditions(@PathParam("organizationId") String organizationId,
                                                    @PathParam("siteId") String siteId) {
        return new TemplateConditionList(schemas.templateConditions(organizationId, caller.userId(), siteId));
    }
}
