package io.bindery.review.client;

import io.bindery.commons.errors.ErrorMappers;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * A read refused by an open circuit (the service failed to answer too often just now) is a 503 like the failures
 * that opened it. The exception's message names the client method (SmallRye's description), hence the service.
 */
public class OpenCircuits {

    @ServerExceptionMapper
    public Response open(CircuitBreakerOpenException e) {
        String service = String.valueOf(e.getMessage()).contains(IdentityMembersClient.class.getName())
                ? IdentityMembersClient.SERVICE : ContentClient.SERVICE;
        return ErrorMappers.response(503, service + " unavailable: it failed repeatedly, calls pause for a few seconds");
    }
}
