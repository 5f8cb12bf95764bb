package io.bindery.commons.web;

import io.bindery.commons.errors.ErrorBody;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Refuses, before any resource runs, a request whose path or query cannot be text: a NUL character, a broken
 * percent-escape or bytes that are not UTF-8. PostgreSQL refuses NUL in text, and a resource would otherwise
 * pass such a value to it and answer 500. A path names resources, so a bad one is the 404 every unknown id gets;
 * a bad query value is a 400. (Bodies are JSON: a NUL inside a string is caught where the database refuses it,
 * see {@link io.bindery.commons.errors.ErrorMappers}.) The gateway, which does not take the commons beans, applies
 * {@link #refusal} in its own pipeline.
 */
@Singleton
public class InputGuard {

    void register(@Observes Router router) {
        // before the gateway's pipeline (-100) and every resource
        router.route().order(-110).handler(this::check);
    }

    void check(RoutingContext ctx) {
        ErrorBody refusal = refusal(ctx.request().uri());
        if (refusal == null) {
            ctx.next();
            return;
        }
        ctx.response().setStatusCode(refusal.error().code()).putHeader("Content-Type", "application/json")
                .end(refusal.toJson());
    }

    /** The error answer for a raw request target (path and query) that is not clean text, or null when it is. */
    public static ErrorBody refusal(String uri) {
        int q = uri.indexOf('?');
        if (!isCleanText(q < 0 ? uri : uri.substring(0, q), false)) {
            return ErrorBody.of(404, "no such resource: the path is not valid UTF-8 text or holds a NUL character");
        }
        if (q >= 0 && !isCleanText(uri.substring(q + 1), true)) {
            return ErrorBody.of(400, "query parameters must be valid UTF-8 text without NUL characters");
        }
        return null;
    }

    /**
     * Whether a raw (still percent-encoded) path or query decodes to UTF-8 text without NUL. In a query, '+' is
     * a space and stays valid.
     */
    static boolean isCleanText(String raw, boolean query) {
        if (raw.indexOf('%') < 0) {
            return raw.indexOf('\0') < 0;
        }
        ByteBuffer bytes = ByteBuffer.allocate(raw.length() * 3);
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '\0') {
                return false;
            }
            if (c == '%') {
                if (i + 2 >= raw.length()) {
                    return false;
                }
                int hi = Character.digit(raw.charAt(i + 1), 16);
                int lo = Character.digit(raw.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    return false;
                }
                int b = (hi << 4) | lo;
                if (b == 0) {
                    return false;
                }
                bytes.put((byte) b);
                i += 2;
            } else if (c < 0x80) {
                bytes.put((byte) (query && c == '+' ? ' ' : c));
            } else {
                bytes.put(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        bytes.flip();
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(bytes);
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
