package io.bindery.contracts.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;
import java.util.List;

/**
 * {@code GET /internal/token-revocations?after=SEQ}: the tokens revoked after sequence number {@code after}, in
 * sequence order, a page at a time; {@code more} when another page follows. Polled by every token verifier.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TokenRevocationsResponse(List<Revocation> items, boolean more) {

    /** {@code expiresAt}: after it the token is refused anyway, so verifiers forget it then. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Revocation(long seq, String tokenId, Instant expiresAt) {
    }
}
