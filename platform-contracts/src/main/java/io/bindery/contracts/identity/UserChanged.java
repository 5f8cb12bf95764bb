package io.bindery.contracts.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The data of {@code bindery.user.(created|updated).v1}: the public User object. {@code photoURL} is left out when
 * the user has none.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record UserChanged(String object, String id, String displayName, String email, String photoURL, Urls urls) {
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Urls(String location) {
    }
}
