package io.bindery.commons.auth;

/** A token that must not be accepted; the message says why, without echoing the token. */
public class TokenRejectedException extends Exception {
    public TokenRejectedException(String message) {
        super(message, null, false, false);
    }
}
