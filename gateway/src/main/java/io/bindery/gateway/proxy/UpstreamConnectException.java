package io.bindery.gateway.proxy;

/** No connection to the upstream could be had (refused, unreachable, or the pool wait timed out): 503. */
final class UpstreamConnectException extends RuntimeException {
    UpstreamConnectException(Throwable cause) {
        super(cause.getMessage(), cause, false, false);
    }
}
