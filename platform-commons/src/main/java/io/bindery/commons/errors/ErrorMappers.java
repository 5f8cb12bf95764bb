package io.bindery.commons.errors;

import jakarta.inject.Inject;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Path;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import java.util.stream.Collectors;

/**
 * Maps every failure inside a service to the error body of ARCHITECTURE.md, so no client ever sees an
 * HTML page or a stack trace. Bad input is always a 4xx; only our own bugs are a 500 (and logged).
 */
public class ErrorMappers {
    private static final Logger LOG = Logger.getLogger(ErrorMappers.class);

    String serviceName;
    /** See {@link io.bindery.commons.web.FallbackRoutes}: unbuilt routes under a built prefix are 501 too. */
    boolean notImplemented;

    /** From the one typed configuration of commons (a bad value stops the start-up, naming the key). */
    @Inject
    void configure(io.bindery.commons.config.BinderyServiceConfig config) {
        serviceName = config.service().name();
        notImplemented = config.service().notImplemented();
    }

    public static Response response(int status, String message) {
        Response.ResponseBuilder r = Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(ErrorBody.of(status, message));
        if (status == 503) {
            r.header("Retry-After", StorageFailures.RETRY_AFTER_SECONDS);
        }
        return r.build();
    }

    @ServerExceptionMapper
    public Response api(ApiException e) {
        return response(e.status(), e.getMessage());
    }

    @ServerExceptionMapper
    public Response json(JsonProcessingException e) {
        return response(400, describeJsonError(e));
    }

    // Quarkus ships mappers for these two; ours are as specific, so the error body stays ours.
    @ServerExceptionMapper
    public Response mismatchedInput(MismatchedInputException e) {
        return response(400, describeJsonError(e));
    }

    @ServerExceptionMapper
    public Response malformedJson(JsonParseException e) {
        return response(400, describeJsonError(e));
    }

    @ServerExceptionMapper
    public Response validation(ConstraintViolationException e) {
        String message = e.getConstraintViolations().stream()
                .map(v -> fieldOf(v) + " " + v.getMessage())
                .sorted()
                .collect(Collectors.joining("; "));
        return response(400, message.isEmpty() ? "invalid request" : message);
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e, UriInfo uri) {
        Throwable cause = e.getCause();
        if (cause instanceof JsonProcessingException jpe) {
            return response(400, describeJsonError(jpe));
        }
        int status = e.getResponse() == null ? 500 : e.getResponse().getStatus();
        String path = uri == null ? "" : "/" + uri.getPath().replaceFirst("^/", "");
        String message;
        if (e instanceof NotFoundException && notImplemented && path.startsWith("/v1/")) {
            status = 501;
            message = serviceName + ": " + path + " is not implemented yet";
        } else if (e instanceof NotFoundException) {
            message = "no such resource: " + path;
        } else if (e instanceof NotAllowedException) {
            message = "method not allowed on " + path;
        } else if (e instanceof NotSupportedException) {
            message = "unsupported Content-Type: send application/json";
        } else if (status == 400 && cause == null) {
            message = e.getMessage() == null || e.getMessage().startsWith("HTTP 400") ? "bad request" : e.getMessage();
        } else {
            message = e.getMessage() == null ? "request failed" : e.getMessage();
        }
        if (status >= 500 && status != 501) {
            Response storage = storageFailure(e);
            if (storage != null) {
                return storage;
            }
            LOG.error("request failed", e);
            message = "internal error";
        }
        return response(status, message);
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e) {
        if (e instanceof ApiException api) {
            return api(api);
        }
        Response storage = storageFailure(e);
        if (storage != null) {
            return storage;
        }
        if (clientGone(e)) {
            // the caller hung up while its body was read (a timed-out internal call, a closed browser): no one
            // reads this answer, and it is no fault of ours to log as one
            LOG.debugf("the client closed the connection: %s", e);
            return response(400, "the client closed the connection before its request was read");
        }
        LOG.error("unexpected failure", e);
        return response(500, "internal error");
    }

    /** Whether the failure is the client's connection closing under the request (its body half read). */
    static boolean clientGone(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof java.nio.channels.ClosedChannelException
                    || t.getClass().getName().equals("io.vertx.core.http.HttpClosedException")) {
                return true;
            }
        }
        return false;
    }

    /** The answer for a database failure that is the client's (400) or the database's absence (503), or null. */
    private Response storageFailure(Throwable e) {
        return StorageFailures.classify(e).map(failure -> {
            if (failure.status() == 503) {
                LOG.warnf("database unreachable: %s", e.getMessage());
            }
            return api(failure);
        }).orElse(null);
    }

    static String describeJsonError(JsonProcessingException e) {
        if (e instanceof JsonMappingException jme && !jme.getPath().isEmpty()) {
            String field = jme.getPath().stream()
                    .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                    .collect(Collectors.joining(".")).replace(".[", "[");
            if (e instanceof InvalidFormatException || e instanceof MismatchedInputException) {
                Class<?> target = ((MismatchedInputException) e).getTargetType();
                return "field '" + field + "' has the wrong type" + (target == null ? "" : ": expected " + jsonType(target));
            }
            return "field '" + field + "' is invalid";
        }
        if (e instanceof MismatchedInputException mie && mie.getTargetType() != null) {
            return "request body has the wrong type: expected " + jsonType(mie.getTargetType());
        }
        return "malformed JSON in request body";
    }

    private static String jsonType(Class<?> type) {
        if (type == String.class || type.isEnum()) {
            return "string";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "boolean";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
            return "number";
        }
        if (java.util.Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "array";
        }
        return "object";
    }

    private static String fieldOf(ConstraintViolation<?> v) {
        String last = null;
        for (Path.Node node : v.getPropertyPath()) {
            last = node.getName();
        }
        return last == null ? "request" : "field '" + last + "'";
    }
}
