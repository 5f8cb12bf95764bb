package io.bindery.gateway.limits;

import io.bindery.gateway.web.Errors;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;

/**
 * The request body limit ({@code bindery.gateway.max-body-bytes}). A declared {@code Content-Length} above it is
 * refused with 413 before anything is proxied; a chunked body is counted while it streams (see
 * {@link LimitedBody}). After a 413 the connection is closed, but only once the client has finished sending or a
 * short grace period has passed ("lingering close"), so that a client still writing its body reads the 413
 * instead of a connection reset.
 */
public final class BodyLimit {
    private static final long LINGER_MS = 2000;

    private final Vertx vertx;
    private final long maxBytes;

    public BodyLimit(Vertx vertx, long maxBytes) {
        this.vertx = vertx;
        this.maxBytes = maxBytes;
    }

    public long maxBytes() {
        return maxBytes;
    }

    /**
     * Checks the declared framing: a Content-Length over the limit is refused with 413; a Transfer-Encoding other
     * than plain {@code chunked} (which the proxy would refuse with an empty 400) with a 400 error body.
     *
     * @return false when the request was refused (response sent)
     */
    public boolean checkDeclaredLength(HttpServerRequest request, HttpServerResponse response) {
        String encoding = request.getHeader(HttpHeaders.TRANSFER_ENCODING);
        if (encoding != null && !(encoding.equals("chunked") && request.headers().getAll(HttpHeaders.TRANSFER_ENCODING).size() == 1)) {
            Errors.send(response, 400, "unsupported Transfer-Encoding: only chunked is accepted");
            return false;
        }
        String declared = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (declared == null) {
            return true;
        }
        long length;
        try {
            length = Long.parseLong(declared.trim());
        } catch (NumberFormatException e) {
            length = -1;
        }
        if (length < 0) {
            Errors.send(response, 400, "invalid Content-Length");
            return false;
        }
        if (length <= maxBytes) {
            return true;
        }
        refuse(request, response);
        return false;
    }

    /** Sends 413 and closes the connection once the client has stopped sending (or after a grace period). */
    public void refuse(HttpServerRequest request, HttpServerResponse response) {
        if (response.ended() || response.closed()) {
            return;
        }
        closeAfterResponse(request, response);
        Errors.send(response, 413, message());
    }

    public String message() {
        return "request body too large: the limit is " + maxBytes + " bytes";
    }

    /** Marks the response {@code Connection: close} and closes the connection after it (lingering). */
    public void closeAfterResponse(HttpServerRequest request, HttpServerResponse response) {
        if (!response.headWritten()) {
            response.putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE);
            response.endHandler(v -> lingerThenClose(request));
        }
    }

    private void lingerThenClose(HttpServerRequest request) {
        if (request.version() == HttpVersion.HTTP_2) {
            return; // the stream is over; other streams of the connection are not ours to close
        }
        if (request.isEnded() || request.getHeader(HttpHeaders.EXPECT) != null) {
            request.connection().close();
            return;
        }
        long timer = vertx.setTimer(LINGER_MS, id -> request.connection().close());
        request.handler(BodyLimit::discard);
        request.endHandler(v -> {
            vertx.cancelTimer(timer);
            request.connection().close();
        });
        request.resume();
    }

    private static void discard(Buffer ignored) {
    }
}
