package io.bindery.contracts.integrations;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;
import java.util.List;

/**
 * An integration as it is after the change (as it was, for a delete): its name, owning organization, version and
 * where it may be installed. The script, secrets and signing secret are never in an event.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record IntegrationData(String name, String organization, int version, String title, String visibility,
                              String target, List<String> scopes, List<String> categories, Instant createdAt,
                              Instant updatedAt) {
}
