package io.bindery.review.changerequests;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.projection.UserRef;

import java.time.Instant;

/** GitBook's ChangeRequest object. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ChangeRequestView(String object, String id, int number, String status, String subject, JsonNode description,
                                UserRef.View createdBy, Instant createdAt, Instant updatedAt, String space, String revision,
                                String revisionInitial, String revisionMergedAncestor, String revisionMerged, long comments,
                                boolean outdated, String conversationsIssuesCluster, Urls urls) {
    public record Urls(String app, String location) {
    }
}
