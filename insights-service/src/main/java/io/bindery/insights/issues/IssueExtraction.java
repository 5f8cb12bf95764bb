package io.bindery.insights.issues;

import io.bindery.insights.conversations.IngestConversationRequest;

import java.util.List;

/**
 * Finds the issues a conversation raises. The embedded {@link RuleBasedIssueExtraction} runs offline; a hosted
 * model would be another implementation of this interface.
 */
public interface IssueExtraction {
    record Extracted(String title, String summary) {
    }

    List<Extracted> extract(String subject, List<IngestConversationRequest.Part> parts);
}
