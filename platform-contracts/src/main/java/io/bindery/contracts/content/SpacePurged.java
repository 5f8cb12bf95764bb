package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;

/** The data of {@code bindery.space.purged.v1}: a deleted space is gone for good, with its grants. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SpacePurged(String id, String organization, @JsonInclude(JsonInclude.Include.ALWAYS) Instant deletedAt) {
}
