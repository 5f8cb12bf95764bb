package io.bindery.contracts.integrations;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * An integration's development tunnel set or cleared: while {@code enabled}, its events go to the tunnel instead
 * of its endpoint ({@code all}: every installation's, not only those of the owning organization). The tunnel URL
 * itself is not in events.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record DevModeData(String name, String organization, boolean enabled, boolean all) {
}
