package io.bindery.commons.errors;

/**
 * A failure the client should see, with its HTTP status and a message naming what was wrong.
 * Thrown anywhere in a request; {@link ErrorMappers} turns it into the error body.
 */
public class ApiException extends RuntimeException {
    private final int status;

    public ApiException(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
    }

    public static ApiException badRequest(String message) {
        return new ApiException(400, message);
    }

    public static ApiException unauthorized(String message) {
        return new ApiException(401, message);
    }

    public static ApiException forbidden(String message) {
        return new ApiException(403, message);
    }

    public static ApiException notFound(String message) {
        return new ApiException(404, message);
    }

    public static ApiException conflict(String message) {
        return new ApiException(409, message);
    }

    /** 503: a service this request needs cannot be reached now (the error body says which; Retry-After is set). */
    public static ApiException unavailable(String message) {
        return new ApiException(503, message);
    }

    public static ApiException notImplemented(String message) {
        return new ApiException(501, message);
    }
}
