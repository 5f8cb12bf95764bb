package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/**
 * What consumers read of the data of {@code bindery.space.(created|updated|deleted|restored|moved|transferred).v1}.
 * Content sends its public Space view without {@code permissions} (asyncapi's Space); the fields here are those
 * that some consumer reads, the rest is ignored. {@code parent} is absent at the organization's root,
 * {@code deletedAt} unless the space is deleted.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SpaceChanged(String id, String organization, String title, String parent, Instant deletedAt) {
}
