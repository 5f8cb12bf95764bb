package io.bindery.commons.outbound;

/** A user-given URL the server would not or could not fetch; the message names the URL and why. */
public class OutboundRefused extends RuntimeException {
    public OutboundRefused(String message) {
        super(message, null, false, false);
    }
}
