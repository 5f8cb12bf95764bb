package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * What consumers read of the data of {@code bindery.collection.(created|updated|deleted|moved|transferred).v1}.
 * Content sends its public Collection view without {@code permissions} (asyncapi's Collection); the fields here
 * are those that some consumer reads, the rest is ignored. {@code parent} is absent at the organization's root.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CollectionChanged(String id, String organization, String title, String parent) {
}
