package io.bindery.identity.rest.dto;

import java.time.Instant;

/** A freshly minted token; the only time the token string is ever shown. */
public record TokenView(String object, String id, String token, Instant expiresAt) {
}
