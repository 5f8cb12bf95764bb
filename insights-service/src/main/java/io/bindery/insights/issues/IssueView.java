package io.bindery.insights.issues;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.bindery.insights.conversations.ConversationView;

import java.time.Instant;

/** GitBook's ConversationIssue ({@code object} = conversation-issue); lists and reads pair it with its conversation. */
public record IssueView(String object, String id, String title, String summary, Instant createdAt, Instant ingestedAt,
                        String conversation, @JsonInclude(JsonInclude.Include.ALWAYS) String cluster, Urls urls) {
    public record Urls(String location) {
    }

    public record Item(IssueView issue, ConversationView conversation) {
    }
}
