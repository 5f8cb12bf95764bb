package io.bindery.review.comments;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.PageCursor;
import io.bindery.review.client.IdentityMembersClient;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;

/**
 * The members who commented or replied in a thread (a space's discussion or a change request's), as Member
 * objects from identity, ordered by user id. People who have left the organization are not listed.
 */
@ApplicationScoped
public class Commenters {
    static final int IDENTITY_BATCH = 1000;

    @Inject
    CommentStore store;
    @Inject
    IdentityMembersClient identity;

    public ListPage<JsonNode> list(CommentThread thread, String page, String limitParam) {
        int limit = Limits.parse(limitParam);
        String after = page == null ? null : PageCursor.decode(page, 1).get(0);
        List<String> authors = QuarkusTransaction.requiringNew().call(() -> store.authors(thread));
        List<JsonNode> members = new ArrayList<>();
        for (int i = 0; i < authors.size(); i += IDENTITY_BATCH) {
            members.addAll(identity.members(thread.space().organizationId(), authors.subList(i, Math.min(authors.size(), i + IDENTITY_BATCH))));
        }
        List<JsonNode> rest = members.stream().filter(m -> after == null || m.path("id").asText().compareTo(after) > 0)
                .limit(limit + 1L).toList();
        return ListPage.of(rest, limit, members.size(), m -> List.of(m.path("id").asText()), m -> m);
    }
}
