package io.bindery.contracts.review;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/**
 * What content reads of a change request event ({@code bindery.change-request.created|updated|merged.v1}, whose
 * data is the ChangeRequest as review serves it): its subject and open comments, as of {@code updatedAt}.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ChangeRequestChanged(String id, String space, String subject, Long comments, Instant updatedAt) {
}
