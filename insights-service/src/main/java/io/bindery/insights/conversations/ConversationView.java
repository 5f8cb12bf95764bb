package io.bindery.insights.conversations;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** GitBook's Conversation ({@code object} = conversation); {@link Detail} is GET …/conversations/{id}. */
public record ConversationView(String object, String id, String subject, Instant createdAt,
                               @JsonInclude(JsonInclude.Include.ALWAYS) Instant processedAt, String source,
                               Urls urls) {
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Urls(String location, String source) {
    }

    public record Detail(ConversationView conversation, List<IngestConversationRequest.Part> parts, Metadata metadata) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Metadata(String url, Map<String, String> attributes, Instant createdAt) {
    }
}
