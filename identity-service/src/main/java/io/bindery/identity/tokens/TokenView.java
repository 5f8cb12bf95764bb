package io.bindery.identity.tokens;


import java.time.Instant;

/** A freshly minted token; the only time the token string is ever shown. */
public record TokenView(String object, String id, String token, Instant expiresAt) {
    public static TokenView of(Tokens.Minted minted) {
        return new TokenView("token", minted.id(), minted.token(), minted.expiresAt());
    }
}
