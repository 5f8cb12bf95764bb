package io.bindery.contracts.insights;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/** An issue extracted from a conversation, with its cluster (null while it belongs to none). */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ConversationIssueData(String id, String organization, String conversation, String cluster, String title,
                                    Instant createdAt) {
}
