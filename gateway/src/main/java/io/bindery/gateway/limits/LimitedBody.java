package io.bindery.gateway.limits;

import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.streams.ReadStream;

/**
 * A request body stream without a declared length (chunked) that fails once more than {@code maxBytes} have
 * passed: the proxy then aborts the upstream request and the gateway answers 413. Bytes after the limit are
 * dropped, never forwarded.
 */
public final class LimitedBody implements ReadStream<Buffer> {
    private final ReadStream<Buffer> in;
    private final long maxBytes;
    private long seen;
    private boolean exceeded;
    private Handler<Buffer> handler;
    private Handler<Throwable> exceptionHandler;

    public LimitedBody(ReadStream<Buffer> in, long maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    public boolean exceeded() {
        return exceeded;
    }

    @Override
    public ReadStream<Buffer> handler(Handler<Buffer> handler) {
        this.handler = handler;
        in.handler(handler == null ? null : this::onData);
        return this;
    }

    private void onData(Buffer chunk) {
        if (exceeded) {
            return;
        }
        seen += chunk.length();
        if (seen > maxBytes) {
            exceeded = true;
            Handler<Throwable> onError = exceptionHandler;
            if (onError != null) {
                onError.handle(new BodyTooLargeException(maxBytes));
            }
            return;
        }
        Handler<Buffer> h = handler;
        if (h != null) {
            h.handle(chunk);
        }
    }

    @Override
    public ReadStream<Buffer> exceptionHandler(Handler<Throwable> handler) {
        this.exceptionHandler = handler;
        in.exceptionHandler(handler);
        return this;
    }

    @Override
    public ReadStream<Buffer> endHandler(Handler<Void> endHandler) {
        in.endHandler(endHandler == null ? null : v -> {
            if (!exceeded) {
                endHandler.handle(v);
            }
        });
        return this;
    }

    @Override
    public ReadStream<Buffer> pause() {
        in.pause();
        return this;
    }

    @Override
    public ReadStream<Buffer> resume() {
        in.resume();
        return this;
    }

    @Override
    public ReadStream<Buffer> fetch(long amount) {
        in.fetch(amount);
        return this;
    }

    /** The failure a {@link LimitedBody} reports. */
    public static final class BodyTooLargeException extends RuntimeException {
        public BodyTooLargeException(long maxBytes) {
            super("request body exceeds " + maxBytes + " bytes", null, false, false);
        }
    }
}
