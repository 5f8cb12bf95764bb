package io.bindery.insights.issues;

import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** Issues extracted from an organization's conversations. */
@Path("/v1/orgs/{organizationId}/conversations-issues")
@Produces(MediaType.APPLICATION_JSON)
public class IssueResource {
    @Inject
    Caller caller;
    @Inject
    Issues issues;

    @GET
    public ListPage<IssueView.Item> list(@PathParam("organizationId") String org, @QueryParam("page") String page,
                                         @QueryParam("limit") String limit, @QueryParam("cluster") String cluster,
                                         @QueryParam("conversation") String conversation,
                                         @QueryParam("source") String source) {
        return issues.list(org, caller.userId(), new Issues.Filters(blankAsNull(cluster), blankAsNull(conversation),
                blankAsNull(source)), Keyset.emptyAsFirst(page), Limits.parse(limit));
    }

    @GET
    @Path("/{issueId}")
    public IssueView.Item get(@PathParam("organizationId") String org, @PathParam("issueId") String issueId) {
        return issues.get(org, caller.userId(), issueId);
    }

    private static String blankAsNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
