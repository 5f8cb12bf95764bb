package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The data of {@code bindery.change-request.content.updated.v1}: a branch head moved. {@code author} is the user
 * who wrote, sent as null when unknown or for an update (which brings in main's changes).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ChangeRequestContentUpdated(String space, String changeRequest, String revision, String previousRevision,
                                          @JsonInclude(JsonInclude.Include.ALWAYS) String author) {
}
