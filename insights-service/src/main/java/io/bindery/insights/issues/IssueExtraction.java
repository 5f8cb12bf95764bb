package io.bindery.insights.issues;

import io.bindery.insights.conversations.IngestConversationRequest;

import java.util.List;

/**
 * Finds the issues a conversation raises. The service's {@link MeaningIssueExtraction} runs offline on the embedding
 * model; a hosted model would be another implementation of this interface.
 */
public interface IssueExtraction {
    /** @param vector the issue's unit-length embedding (what it is clustered by), or null when not embedded */
    record Extracted(String title, String summary, float[] vector) {
        public Extracted(String title, String summary) {
            this(title, summary, null);
        }
    }

    List<Extracted> extract(String subject, List<IngestConversationRequest.Part> parts);
}
