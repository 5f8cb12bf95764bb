package io.bindery.contracts.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/**
 * The data of {@code bindery.team.(created|updated|deleted).v1}: the Team object without the caller's
 * {@code permissions}, plus the {@code organization} it belongs to (as it was, for a deletion). {@code members}:
 * its users that are members of the organization; {@code spaces}: the organization's spaces granted to it.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TeamChanged(String object, String id, String title, long members, long spaces, Instant createdAt,
                          String organization) {
}
