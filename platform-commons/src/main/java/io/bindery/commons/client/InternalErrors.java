package io.bindery.commons.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.rest.client.ext.ResponseExceptionMapper;
import org.jboss.logging.Logger;

/**
 * Another service's error answers as the calling service passes them on (register it on a REST Client): its 4xx
 * reach our client unchanged (status and message), except a 401 (our credential refused); that and a 5xx are a 503.
 */
public class InternalErrors implements ResponseExceptionMapper<ApiException> {
    private static final Logger LOG = Logger.getLogger(InternalErrors.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String service;

    public InternalErrors(String service) {
        this.service = service;
    }

    @Override
    public ApiException toThrowable(Response response) {
        int status = response.getStatus();
        String message = errorMessage(response.hasEntity() ? response.readEntity(String.class) : "");
        if (status == 401) {
            // our credential was refused: a deployment problem, not the client's
            LOG.errorf("%s refused this service's service token: %s", service, message);
            return new ApiException(503, service + " refused this service's credential");
        }
        if (status >= 400 && status < 500) {
            return new ApiException(status, message);
        }
        LOG.warnf("%s answered %d: %s", service, status, message);
        return new ApiException(503, service + " failed: " + message);
    }

    @Override
    public boolean handles(int status, jakarta.ws.rs.core.MultivaluedMap<String, Object> headers) {
        return status >= 400;
    }

    private static String errorMessage(String body) {
        try {
            io.bindery.commons.errors.ErrorBody error = JSON.readValue(body, io.bindery.commons.errors.ErrorBody.class);
            String message = error.error() == null ? null : error.error().message();
            return message == null || message.isEmpty() ? body : message;
        } catch (Exception e) {
            return body;
        }
    }
}
