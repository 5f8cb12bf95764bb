package io.bindery.insights.conversations;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.contracts.insights.ConversationData;
import io.bindery.contracts.insights.InsightsEventTypes;
import io.bindery.insights.access.InsightsAccess;
import io.bindery.insights.access.InsightsPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

/** Ingesting, reading and listing conversations. Their issues are extracted later, by {@code IssueWorker}. */
@ApplicationScoped
public class Conversations {
    private static final Keyset<Conversation> NEWEST_FIRST = Keyset.descending(
            SortKey.instant("created_at", c -> c.createdAt), SortKey.text("id", c -> c.id));
    static final TypeReference<List<IngestConversationRequest.Part>> PARTS = new TypeReference<>() {
    };
    static final TypeReference<Map<String, String>> ATTRIBUTES = new TypeReference<>() {
    };

    @Inject
    ConversationStore store;
    @Inject
    InsightsAccess access;
    @Inject
    EventPublisher events;
    @Inject
    ObjectMapper json;
    @Inject
    PublicUrls urls;

    /**
     * Stores the conversation and publishes {@code conversation.ingested}, which the worker turns into issues. An id
     * already ingested changes nothing (no event either): ingesting is idempotent by id.
     */
    @Transactional
    public void ingest(String organizationId, String userId, com.fasterxml.jackson.databind.JsonNode body) {
        access.member(organizationId, userId).require(InsightsPolicy.Action.INGEST);
        IngestConversationRequest request = IngestConversationRequest.from(body);
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        int inserted = store.insertIfAbsent(organizationId, request.id(), request.subject(), request.source(),
                request.url(), write(request.attributes()), write(request.parts()),
                request.createdAt() == null ? now : request.createdAt().truncatedTo(ChronoUnit.MICROS), now);
        if (inserted == 1) {
            Conversation row = store.find(organizationId, request.id());
            events.publish(InsightsEventTypes.CONVERSATION_INGESTED, row.id, data(row, 0));
        }
    }

    @Transactional
    public ConversationView.Detail get(String organizationId, String userId, String conversationId) {
        access.member(organizationId, userId);
        Conversation row = store.find(organizationId, conversationId);
        if (row == null) {
            throw ApiException.notFound("no conversation " + conversationId);
        }
        return new ConversationView.Detail(view(row), read(row.parts, PARTS),
                new ConversationView.Metadata(row.url, read(row.attributes, ATTRIBUTES), row.createdAt));
    }

    /** Newest first; {@code source} filters by where they came from. */
    @Transactional
    public ListPage<ConversationView> list(String organizationId, String userId, String source, String page, int limit) {
        access.member(organizationId, userId);
        return store.page(NEWEST_FIRST.page(page, limit), organizationId, source).map(this::view);
    }

    /** A conversation of the organization, for views of its issues; null when there is none. */
    Conversation find(String organizationId, String conversationId) {
        return store.find(organizationId, conversationId);
    }

    /** The view of a conversation of the organization, shown beside its issues (it must exist). */
    public ConversationView view(String organizationId, String conversationId) {
        return view(find(organizationId, conversationId));
    }

    /**
     * What issue extraction reads of a conversation not processed yet, locked for the caller's transaction so that
     * one worker processes it; null when there is none or it is processed already (a replayed event).
     */
    public Unprocessed lockUnprocessed(String organizationId, String conversationId) {
        Conversation row = store.lock(organizationId, conversationId);
        if (row == null || row.processedAt != null) {
            return null;
        }
        return new Unprocessed(row.organizationId, row.id, row.source, row.subject, read(row.parts, PARTS),
                row.createdAt);
    }

    /** A conversation to extract issues from (see {@link #lockUnprocessed}). */
    public record Unprocessed(String organizationId, String id, String source, String subject,
                              List<IngestConversationRequest.Part> parts, Instant createdAt) {
    }

    /** Marks a conversation locked by {@link #lockUnprocessed} processed and announces it, with its issue count. */
    public void processed(String organizationId, String conversationId, Instant at, int issues) {
        Conversation row = store.find(organizationId, conversationId);
        row.processedAt = at;
        events.publish(InsightsEventTypes.CONVERSATION_PROCESSED, row.id, data(row, issues));
    }

    ConversationView view(Conversation row) {
        return new ConversationView("conversation", row.id, row.subject, row.createdAt, row.processedAt, row.source,
                new ConversationView.Urls(location(row.organizationId, row.id), row.url));
    }

    public String location(String organizationId, String conversationId) {
        return urls.api("/orgs/" + organizationId + "/conversations/" + conversationId);
    }

    static ConversationData data(Conversation row, int issues) {
        return new ConversationData(row.id, row.organizationId, row.subject, row.source, row.createdAt,
                row.ingestedAt, row.processedAt, issues);
    }

    public <T> T read(String text, TypeReference<T> type) {
        try {
            return json.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
