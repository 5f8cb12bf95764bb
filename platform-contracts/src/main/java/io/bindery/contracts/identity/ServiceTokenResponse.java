package io.bindery.contracts.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/** The answer of {@code POST /internal/service-tokens}: the signed token and when it expires. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ServiceTokenResponse(String token, Instant expiresAt) {
}
