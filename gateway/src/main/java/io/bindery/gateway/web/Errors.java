package io.bindery.gateway.web;

import io.bindery.commons.errors.ErrorBody;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerResponse;

/** Error responses: always the JSON error body with {@code Content-Type: application/json}. */
public final class Errors {
    private Errors() {
    }

    public static Buffer body(int code, String message) {
        return Buffer.buffer(ErrorBody.of(code, message).toJson());
    }

    /** Ends the response with the error body unless it was already ended or its connection closed. */
    public static void send(HttpServerResponse response, int code, String message) {
        if (response.ended() || response.closed()) {
            return;
        }
        if (response.headWritten()) {
            response.reset(); // too late for a status: abort rather than send a truncated success
            return;
        }
        response.setStatusCode(code).putHeader(GatewayHeaders.CONTENT_TYPE, GatewayHeaders.APPLICATION_JSON)
                .end(body(code, message));
    }
}
