package io.bindery.contracts.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/** The data of {@code bindery.token.(created|revoked).v1}: which token of which user; never the token itself. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TokenChanged(String id, String user, Instant expiresAt) {
}
