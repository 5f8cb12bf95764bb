package io.bindery.insights.issues;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.insights.access.InsightsAccess;
import io.bindery.insights.conversations.ConversationView;
import io.bindery.insights.conversations.Conversations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.util.HashMap;
import java.util.Map;

/** Reading and listing an organization's issues, each with its conversation. */
@ApplicationScoped
public class Issues {
    private static final Keyset<ConversationIssue> NEWEST_FIRST = Keyset.descending(
            SortKey.instant("created_at", i -> i.createdAt), SortKey.text("id", i -> i.id));

    @Inject
    IssueStore store;
    @Inject
    InsightsAccess access;
    @Inject
    Conversations conversations;
    @Inject
    PublicUrls urls;

    /** The list's filters; null: not filtered. */
    public record Filters(String cluster, String conversation, String source) {
    }

    @Transactional
    public IssueView.Item get(String organizationId, String userId, String issueId) {
        access.member(organizationId, userId);
        ConversationIssue row = store.find(issueId);
        if (row == null || !row.organizationId.equals(organizationId)) {
            throw ApiException.notFound("no issue " + issueId);
        }
        return new IssueView.Item(view(row), conversations.view(organizationId, row.conversationId));
    }

    /** Newest first. */
    @Transactional
    public ListPage<IssueView.Item> list(String organizationId, String userId, Filters f, String page, int limit) {
        access.member(organizationId, userId);
        ListPage<ConversationIssue> rows = store.page(NEWEST_FIRST.page(page, limit), organizationId, f);
        Map<String, ConversationView> seen = new HashMap<>();
        return rows.map(row -> new IssueView.Item(view(row), seen.computeIfAbsent(
                row.conversationId, id -> conversations.view(organizationId, id))));
    }

    IssueView view(ConversationIssue row) {
        return new IssueView("conversation-issue", row.id, row.title, row.summary, row.createdAt, row.ingestedAt,
                row.conversationId, row.clusterId, new IssueView.Urls(
                urls.api("/orgs/" + row.organizationId + "/conversations-issues/" + row.id)));
    }
}
