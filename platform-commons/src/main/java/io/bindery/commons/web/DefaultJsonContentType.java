package io.bindery.commons.web;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * A request without Content-Type, or without a body, is read as JSON: POSTs whose body is optional (mint a
 * token, merge a change request) then work with no body at all, as GitBook's API does. A body of another
 * media type still gets 415.
 */
public class DefaultJsonContentType {
    @ServerRequestFilter(preMatching = true)
    public void defaultToJson(ContainerRequestContext request) {
        String length = request.getHeaderString(HttpHeaders.CONTENT_LENGTH);
        boolean noBody = "0".equals(length) || (length == null && request.getHeaderString("Transfer-Encoding") == null);
        if (request.getHeaderString(HttpHeaders.CONTENT_TYPE) == null || noBody) {
            request.getHeaders().putSingle(HttpHeaders.CONTENT_TYPE, MediaType.APPLICATION_JSON);
        }
    }
}
