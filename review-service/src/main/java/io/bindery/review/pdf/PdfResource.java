package io.bindery.review.pdf;

import io.bindery.commons.auth.Caller;
import io.bindery.commons.auth.SignedUrls;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import java.util.Map;

/** PDF exports of a change request: the URL, and the PDF behind it (with a token, or signed: no token). */
@Path("/v1")
public class PdfResource {
    @Inject
    PdfExports exports;
    @Inject
    Caller caller;
    @Inject
    SignedUrls signedUrls;

    @GET
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/pdf")
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, String> url(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String changeRequestId,
                                   @QueryParam("only") String only, @QueryParam("page") String page) {
        return Map.of("url", exports.url(spaceId, changeRequestId, only, page));
    }

    @GET
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/pdf/download")
    @Produces({"application/pdf", MediaType.APPLICATION_JSON})
    public Response download(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String changeRequestId,
                             @QueryParam("page") String page, @Context UriInfo uri) {
        PdfExports.Pdf pdf;
        if (caller.authenticated()) {
            pdf = exports.render(spaceId, changeRequestId, page);
        } else {
            signedUrls.verify(uri.getPath(), uri.getQueryParameters());
            pdf = exports.renderSigned(spaceId, changeRequestId, page);
        }
        return Response.ok(pdf.bytes(), "application/pdf")
                .header("Content-Disposition", "inline; filename=\"" + pdf.fileName() + "\"").build();
    }
}
