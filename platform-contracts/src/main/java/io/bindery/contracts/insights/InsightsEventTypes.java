package io.bindery.contracts.insights;

import java.util.Map;

/**
 * The CloudEvent types insights-service publishes on {@value #TOPIC} (documented in its asyncapi.yaml). Conversation
 * and issue events are keyed by the conversation's id, cluster events by the cluster's id, agent instructions by
 * the organization's id, translation events by the translation's id. insights-service reads its own
 * {@link #CONVERSATION_INGESTED} events: issues are extracted by that worker, not in the request.
 */
public final class InsightsEventTypes {
    public static final String TOPIC = "bindery.insights.events";

    /** A conversation stored for the first time (a re-ingest of its id publishes nothing). */
    public static final String CONVERSATION_INGESTED = "bindery.conversation.ingested.v1";
    /** Its issues were extracted ({@code processedAt} set). */
    public static final String CONVERSATION_PROCESSED = "bindery.conversation.processed.v1";
    public static final String ISSUE_CREATED = "bindery.conversation-issue.created.v1";
    /** The issue moved to another cluster (or out of every cluster). */
    public static final String ISSUE_UPDATED = "bindery.conversation-issue.updated.v1";
    public static final String CLUSTER_CREATED = "bindery.issues-cluster.created.v1";
    /** Label, summary, icon or counts changed (an issue joined, or a recompute). */
    public static final String CLUSTER_UPDATED = "bindery.issues-cluster.updated.v1";
    public static final String CLUSTER_DELETED = "bindery.issues-cluster.deleted.v1";
    public static final String AGENT_INSTRUCTIONS_UPDATED = "bindery.agent-instructions.updated.v1";
    public static final String TRANSLATION_CREATED = "bindery.translation.created.v1";
    /** Instructions, status, stats or result changed. */
    public static final String TRANSLATION_UPDATED = "bindery.translation.updated.v1";
    public static final String TRANSLATION_DELETED = "bindery.translation.deleted.v1";
    /**
     * POST …/run started a run (status running); it runs in the request, with the caller's token for content and
     * review, and ends with {@link #TRANSLATION_UPDATED} (completed, or pending again with the failure).
     */
    public static final String TRANSLATION_RUN_REQUESTED = "bindery.translation.run-requested.v1";

    /** Each type's data record. */
    public static final Map<String, Class<?>> PAYLOADS = Map.ofEntries(
            Map.entry(CONVERSATION_INGESTED, ConversationData.class),
            Map.entry(CONVERSATION_PROCESSED, ConversationData.class),
            Map.entry(ISSUE_CREATED, ConversationIssueData.class),
            Map.entry(ISSUE_UPDATED, ConversationIssueData.class),
            Map.entry(CLUSTER_CREATED, IssuesClusterData.class),
            Map.entry(CLUSTER_UPDATED, IssuesClusterData.class),
            Map.entry(CLUSTER_DELETED, IssuesClusterData.class),
            Map.entry(AGENT_INSTRUCTIONS_UPDATED, AgentInstructionsData.class),
            Map.entry(TRANSLATION_CREATED, TranslationData.class),
            Map.entry(TRANSLATION_UPDATED, TranslationData.class),
            Map.entry(TRANSLATION_DELETED, TranslationData.class),
            Map.entry(TRANSLATION_RUN_REQUESTED, TranslationData.class));

    private InsightsEventTypes() {
    }
}
