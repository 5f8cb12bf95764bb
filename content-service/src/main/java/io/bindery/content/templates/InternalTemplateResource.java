package io.bindery.content.templates;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import io.bindery.content.branches.Branches;
import io.bindery.content.pages.BranchView;
import io.bindery.contracts.content.ContentBranchTemplatesApi;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.core.Response;

import java.util.Optional;

/**
 * Internal (never routed by the gateway), for the review service: creating a change-request branch, optionally
 * starting with a template, and applying a template to one. The other branch endpoints are
 * {@code branches.InternalBranchResource}'s. Paths and media types are the contract's
 * ({@link ContentBranchTemplatesApi}); a JAX-RS annotation here would hide them.
 */
// a resource's default scope, said here because the class has no @Path of its own to make it a bean
@Singleton
public class InternalTemplateResource implements ContentBranchTemplatesApi {
    @Inject
    Branches branches;
    @Inject
    Templates templates;

    /**
     * Body: optional {@code id} and {@code number} (the change request's), optional {@code createdBy} and
     * {@code subject}, optional
     * {@code template} (a catalogue id: the branch starts with it; an unknown one is a 400 and creates nothing), or
     * optional {@code revision} (a revision of the space the branch starts from instead of its current one).
     */
    @Override
    public Response createBranch(String authorization, String spaceId, JsonNode node) {
        JsonBody body = JsonBody.of(node);
        Integer number = null;
        if (body.has("number") && !body.isNull("number")) {
            if (!body.raw("number").isInt()) {
                throw ApiException.badRequest("number must be a whole number");
            }
            number = body.raw("number").asInt();
        }
        String id = body.string("id").orElse(null);
        String createdBy = body.string("createdBy").orElse(null);
        String subject = body.string("subject").orElse(null);
        Optional<String> template = body.string("template");
        Optional<String> revision = body.string("revision");
        if (template.isPresent() && revision.isPresent()) {
            throw ApiException.badRequest("a branch starts from a template or from a revision, not both");
        }
        BranchView view = template.isPresent()
                ? templates.createBranchWithTemplate(spaceId, id, number, createdBy, subject, template.get())
                : branches.create(spaceId, id, number, createdBy, subject, revision.orElse(null));
        return Response.status(201).entity(view).build();
    }

    /** Body: {@code id} (a template of the catalogue), optional {@code createdBy} (the author of the new head). */
    @Override
    public Response applyTemplate(String authorization, String spaceId, String branch, JsonNode node) {
        return Response.status(201).entity(templates.applyToBranch(spaceId, branch, BranchTemplateRequest.from(node))).build();
    }
}
