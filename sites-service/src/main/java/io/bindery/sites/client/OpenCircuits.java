package io.bindery.sites.client;

import io.bindery.commons.errors.ErrorMappers;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** A call refused by an open circuit (content failed to answer too often just now) is a 503 like those failures. */
public class OpenCircuits {

    @ServerExceptionMapper
    public Response open(CircuitBreakerOpenException e) {
        return ErrorMappers.response(503, ContentClient.SERVICE + " unavailable: it failed repeatedly, calls pause for a few seconds");
    }
}
