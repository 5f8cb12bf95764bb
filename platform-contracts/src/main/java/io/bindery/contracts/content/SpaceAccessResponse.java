package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * {@code GET /internal/spaces/{s}/access?user=U}: the space as review needs it to check a change-request action,
 * and the user's role on it; 404 for an unknown or deleted space. {@code role} is null (sent as null, not left
 * out) when the user may not see the space.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SpaceAccessResponse(Space space, @JsonInclude(JsonInclude.Include.ALWAYS) String role) {

    /**
     * {@code mergeRules}: the space's stored rules as a JSON tree (content sends its parsed tree, a consumer reads
     * maps and lists), null (sent as null) when none are set. Typed as Object because this module depends on
     * Jackson's annotations only, and review reads just the reviewers out of it.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Space(String id, String organization, String title, String editMode,
                        @JsonInclude(JsonInclude.Include.ALWAYS) Object mergeRules, String revision, boolean deleted) {

        public boolean locked() {
            return "locked".equals(editMode);
        }
    }
}
