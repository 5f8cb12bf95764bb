package io.bindery.insights.issues;

import io.bindery.commons.events.EventPublisher;
import io.bindery.contracts.insights.ConversationData;
import io.bindery.contracts.insights.ConversationIssueData;
import io.bindery.contracts.insights.InsightsEventTypes;
import io.bindery.insights.config.InsightsConfig;
import io.bindery.insights.clusters.Clusters;
import io.bindery.insights.clusters.TextFeatures;
import io.bindery.insights.conversations.Conversations;
import io.bindery.commons.events.Delivery;
import io.bindery.commons.events.TopicConsumer;
import io.bindery.insights.conversations.IngestConversationRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns each ingested conversation into issues: reads insights' own {@code conversation.ingested} events, extracts
 * the issues, puts them in clusters, sets {@code processedAt}. A conversation already processed is skipped, so a
 * replayed event changes nothing.
 */
@ApplicationScoped
public class IssueWorker extends TopicConsumer {
    @Inject
    IssueStore store;
    @Inject
    InsightsConfig config;
    @Inject
    IssueExtraction extraction;
    @Inject
    Conversations conversations;
    @Inject
    Clusters clusters;
    @Inject
    EventPublisher events;

    @Override
    protected String topic() {
        return InsightsEventTypes.TOPIC;
    }

    @Override
    protected String groupSuffix() {
        return "-" + topic() + "-issues";
    }

    @Override
    protected boolean enabled() {
        return config.workers().enabled();
    }

    /** Extraction and clustering takes seconds: it must not hold back the service's projections. */
    @Override
    protected boolean ownReader() {
        return true;
    }

    @Override
    protected void handlers() {
        on(InsightsEventTypes.CONVERSATION_INGESTED, ConversationData.class, this::ingested);
    }

    private void ingested(Delivery<ConversationData> event) {
        ConversationData data = event.data();
        Conversations.Unprocessed row = conversations.lockUnprocessed(data.organization(), data.id());
        if (row == null) {
            return;
        }
        process(row);
    }

    /** Extracts, stores and clusters the conversation's issues (in the caller's transaction). */
    void process(Conversations.Unprocessed row) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        List<IngestConversationRequest.Part> parts = row.parts();
        List<ConversationIssue> issues = new ArrayList<>();
        List<float[]> vectors = new ArrayList<>();
        for (IssueExtraction.Extracted found : extraction.extract(row.subject(), parts)) {
            // the title counts twice: it is the issue in a few words, the summary has its surroundings
            ConversationIssue issue = ConversationIssue.extracted(row.organizationId(), row.id(), row.source(), found,
                    TextFeatures.encode(TextFeatures.terms(found.title() + "\n" + found.title() + "\n"
                            + found.summary())), row.createdAt(), now);
            store.insert(issue);
            issues.add(issue);
            vectors.add(found.vector());
        }
        // the issues are rows before clustering's SQL reads and updates them
        store.flush();
        clusters.join(row.organizationId(), issues, vectors);
        for (ConversationIssue issue : issues) {
            events.publish(InsightsEventTypes.ISSUE_CREATED, row.id(), new ConversationIssueData(issue.id,
                    row.organizationId(), row.id(), issue.clusterId, issue.title, issue.createdAt));
        }
        conversations.processed(row.organizationId(), row.id(), now, issues.size());
    }
}
